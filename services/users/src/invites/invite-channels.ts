import { hasContentAccess, mayAddSubscribers } from '@zulip-es/zulip-rules';
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

/**
 * Zulip's per-channel check of `invite_users_backend` (the rules the messages service applies to
 * subscribing others, for the channels the inviter can read).
 */
export function inviteChannelAccess(ctx: Actor, channel: DirectoryChannel | undefined): InviteChannelAccess {
  const subscribed = channel?.subscriberIds.has(ctx.actor.userId) ?? false;
  if (!channel || !hasContentAccess(ctx, ctx.actor, channel, subscribed)) return { accessible: false, mayAddSubscribers: false };
  const inRealmSetting = hasRealmPermission(ctx.membership, ctx.actor, ctx.realm, 'can_add_subscribers_group');
  return { accessible: true, mayAddSubscribers: channel.isDefault || mayAddSubscribers(ctx, ctx.actor, channel, inRealmSetting) };
}
