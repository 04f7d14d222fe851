import { Role } from '@zulip-es/contracts';
import { hasRealmPermission } from '../user-groups/group-rules';
import type { GroupsContext } from '../user-groups/groups-context';
import type { DirectoryChannel } from './channel-directory';

/** What the inviter may do with one channel named in `stream_ids`. */
export interface InviteChannelAccess {
  /** Zulip's `access_stream_by_id` with content access: the channel exists and the inviter may read it. */
  accessible: boolean;
  /** Default channels need no permission; others the right to add subscribers. */
  mayAddSubscribers: boolean;
}

type Actor = Pick<GroupsContext, 'membership' | 'actor' | 'realm'>;

// Zulip excludes guests from each of these three channel settings.
const inSetting = (ctx: Actor, channel: DirectoryChannel, name: keyof DirectoryChannel['settings']): boolean =>
  ctx.membership.hasPermission(ctx.actor, channel.settings[name], { allowEveryoneGroup: false });

/** Zulip's `user_has_content_access` for the inviter. */
function hasContentAccess(ctx: Actor, channel: DirectoryChannel): boolean {
  if (channel.isWebPublic || channel.subscriberIds.has(ctx.actor.userId)) return true;
  if (ctx.actor.role === Role.GUEST) return false;
  if (!channel.inviteOnly) return true;
  return inSetting(ctx, channel, 'can_subscribe_group') || inSetting(ctx, channel, 'can_add_subscribers_group');
}

/**
 * Zulip's per-channel check of `invite_users_backend` (the rules the messages service applies to
 * subscribing others, for the channels the inviter can read): the organization's
 * `can_add_subscribers_group` and administrators cover every channel; otherwise channel
 * administrators and the channel's own `can_add_subscribers_group`.
 */
function mayAddSubscribers(ctx: Actor, channel: DirectoryChannel): boolean {
  if (channel.isDefault) return true;
  if (ctx.actor.role <= Role.ADMINISTRATOR || hasRealmPermission(ctx.membership, ctx.actor, ctx.realm, 'can_add_subscribers_group'))
    return true;
  if (ctx.actor.role === Role.GUEST) return false;
  return inSetting(ctx, channel, 'can_administer_channel_group') || inSetting(ctx, channel, 'can_add_subscribers_group');
}

export function inviteChannelAccess(ctx: Actor, channel: DirectoryChannel | undefined): InviteChannelAccess {
  if (!channel || !hasContentAccess(ctx, channel)) return { accessible: false, mayAddSubscribers: false };
  return { accessible: true, mayAddSubscribers: mayAddSubscribers(ctx, channel) };
}
