import {
  hasBasicAccess,
  inChannelSetting,
  isAdmin,
  isGuest,
  mayAddSubscribers,
  type GroupMembership,
  type GroupsAccess,
} from '@zulip-es/zulip-rules';
import { realmPermissionConfig, type ReadRealm, type RealmPermission } from '../users-read-model/realm-settings';
import type { ReadUser } from '../users-read-model/users-read-model';
import type { ChannelState } from './channel.state';

// Zulip's channel access rules (zerver/lib/streams.py), shared with the other services.
export {
  canAdministerChannel,
  hasBasicAccess,
  hasContentAccess,
  hasMetadataAccess,
  inChannelSetting,
  isAdmin,
  isGuest,
  isOwner,
} from '@zulip-es/zulip-rules';

/**
 * Who may see and do what with a channel, as pure functions of the channel, the user and this
 * service's copy of groups and settings: the shared rules, and those that read the organization's
 * settings.
 */
export interface AccessContext extends GroupsAccess {
  realm: ReadRealm;
  membership: GroupMembership;
}

type Person = Pick<ReadUser, 'userId' | 'role'>;

export function hasRealmPermission(ctx: AccessContext, user: Person, name: RealmPermission): boolean {
  return ctx.membership.hasPermission(user, ctx.realm.permissions[name], realmPermissionConfig(name));
}

/**
 * Zulip's `get_streams_to_which_user_cannot_add_subscribers` for one channel the user can access:
 * the organization's `can_add_subscribers_group` covers every channel; otherwise channel
 * administrators and the channel's own `can_add_subscribers_group`.
 */
export const canAddSubscribers = (ctx: AccessContext, user: Person, channel: ChannelState): boolean =>
  mayAddSubscribers(ctx, user, channel, hasRealmPermission(ctx, user, 'can_add_subscribers_group'));

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
