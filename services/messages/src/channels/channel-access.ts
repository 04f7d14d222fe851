import { Role, type ChannelGroupSetting } from '@zulip-es/contracts';
import type { GroupMembership } from '../users-read-model/group-membership';
import { realmPermissionConfig, type ReadRealm, type RealmPermission } from '../users-read-model/realm-settings';
import type { ReadUser } from '../users-read-model/users-read-model';
import { CHANNEL_SETTING_CONFIG } from './channel-settings';
import type { ChannelState } from './channel.state';

/**
 * Who may see and do what with a channel: Zulip's rules from zerver/lib/streams.py (content
 * access, metadata access, channel administration, adding and removing subscribers), as pure
 * functions of the channel, the user and this service's copy of groups and settings.
 */
export interface AccessContext {
  realm: ReadRealm;
  membership: GroupMembership;
}

type Person = Pick<ReadUser, 'userId' | 'role'>;

export const isAdmin = (user: Person): boolean => user.role <= Role.ADMINISTRATOR;
export const isGuest = (user: Person): boolean => user.role === Role.GUEST;
export const isOwner = (user: Person): boolean => user.role === Role.OWNER;

export function hasRealmPermission(ctx: AccessContext, user: Person, name: RealmPermission): boolean {
  return ctx.membership.hasPermission(user, ctx.realm.permissions[name], realmPermissionConfig(name));
}

/** Membership in a channel setting; guests are excluded where Zulip excludes them. */
export function inChannelSetting(ctx: AccessContext, user: Person, channel: ChannelState, name: ChannelGroupSetting): boolean {
  return ctx.membership.hasPermission(user, channel.settings[name], CHANNEL_SETTING_CONFIG[name]);
}

const isPublic = (channel: ChannelState): boolean => !channel.inviteOnly;

/** Zulip's `user_has_content_access`: may read the channel's messages and subscribe to it. */
export function hasContentAccess(ctx: AccessContext, user: Person, channel: ChannelState, subscribed: boolean): boolean {
  if (channel.isWebPublic || subscribed) return true;
  if (isGuest(user)) return false;
  if (isPublic(channel)) return true;
  return inChannelSetting(ctx, user, channel, 'can_subscribe_group') || inChannelSetting(ctx, user, channel, 'can_add_subscribers_group');
}

/** Zulip's `has_metadata_access_to_channel_via_groups`. */
function hasMetadataAccessViaGroups(ctx: AccessContext, user: Person, channel: ChannelState): boolean {
  return (['can_administer_channel_group', 'can_add_subscribers_group', 'can_subscribe_group'] as const).some((name) =>
    inChannelSetting(ctx, user, channel, name),
  );
}

/** Zulip's `user_has_metadata_access`: may see that the channel exists, its settings and subscribers. */
export function hasMetadataAccess(ctx: AccessContext, user: Person, channel: ChannelState, subscribed: boolean): boolean {
  if (channel.isWebPublic || subscribed) return true;
  if (isGuest(user)) return false;
  if (isPublic(channel) || isAdmin(user)) return true;
  return hasMetadataAccessViaGroups(ctx, user, channel);
}

/**
 * Zulip's `check_basic_stream_access`: content access, or (when content is not required)
 * administrators and the holders of the channel's access-granting groups.
 */
export function hasBasicAccess(
  ctx: AccessContext,
  user: Person,
  channel: ChannelState,
  subscribed: boolean,
  requireContentAccess: boolean,
): boolean {
  if (hasContentAccess(ctx, user, channel, subscribed)) return true;
  if (requireContentAccess) return false;
  return isAdmin(user) || (!isGuest(user) && hasMetadataAccessViaGroups(ctx, user, channel));
}

/** Administrators administer every channel; others as `can_administer_channel_group` says. */
export function canAdministerChannel(ctx: AccessContext, user: Person, channel: ChannelState): boolean {
  return isAdmin(user) || inChannelSetting(ctx, user, channel, 'can_administer_channel_group');
}

/**
 * Zulip's `get_streams_to_which_user_cannot_add_subscribers` for one channel the user can access:
 * the organization's `can_add_subscribers_group` covers every channel; otherwise channel
 * administrators and the channel's own `can_add_subscribers_group`.
 */
export function canAddSubscribers(ctx: AccessContext, user: Person, channel: ChannelState): boolean {
  if (hasRealmPermission(ctx, user, 'can_add_subscribers_group') || isAdmin(user)) return true;
  if (isGuest(user)) return false;
  return (
    inChannelSetting(ctx, user, channel, 'can_administer_channel_group') ||
    inChannelSetting(ctx, user, channel, 'can_add_subscribers_group')
  );
}

/**
 * Zulip's `bulk_can_remove_subscribers_from_streams`: administrators always; a channel
 * administrator of every channel named; otherwise the user must have (at least metadata) access
 * to each channel and be in each one's `can_remove_subscribers_group`.
 */
export function canRemoveSubscribers(
  ctx: AccessContext,
  user: Person,
  channels: readonly { channel: ChannelState; subscribed: boolean }[],
): boolean {
  if (isAdmin(user)) return true;
  if (isGuest(user)) return false;
  if (channels.every(({ channel }) => inChannelSetting(ctx, user, channel, 'can_administer_channel_group'))) return true;
  if (!channels.every(({ channel, subscribed }) => hasBasicAccess(ctx, user, channel, subscribed, false))) return false;
  return channels.every(({ channel }) => inChannelSetting(ctx, user, channel, 'can_remove_subscribers_group'));
}

/** Zulip's `can_set_delete_message_policy`. */
export const canSetDeleteMessagePolicy = (ctx: AccessContext, user: Person): boolean =>
  isAdmin(user) || hasRealmPermission(ctx, user, 'can_set_delete_message_policy_group');
