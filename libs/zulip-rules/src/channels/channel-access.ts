import type { ChannelGroupSetting, GroupSettingEventValue } from '@zulip-es/contracts';
import type { ActiveMember, PermissionCheck } from '../groups/group-membership';
import { isAdmin, isGuest } from '../users/roles';
import { CHANNEL_SETTING_CONFIG } from './channel-permission-settings';

/**
 * Who may see and do what with a channel: Zulip's rules from zerver/lib/streams.py (content
 * access, metadata access, channel administration, adding subscribers), as pure functions of the
 * channel, an active user, whether they are subscribed, and who holds which group setting.
 */
export interface GroupsAccess {
  membership: PermissionCheck;
}

/** The settings that give access to a private channel (Zulip's `has_metadata_access_to_channel_via_groups`). */
const ACCESS_GRANTING_SETTINGS = ['can_administer_channel_group', 'can_add_subscribers_group', 'can_subscribe_group'] as const;
type AccessGrantingSetting = (typeof ACCESS_GRANTING_SETTINGS)[number];

/** What access is decided on of a channel. */
export interface AccessChannel {
  inviteOnly: boolean;
  isWebPublic: boolean;
  settings: Record<AccessGrantingSetting, GroupSettingEventValue>;
}

/** Membership in a channel setting; guests are excluded where Zulip excludes them. */
export function inChannelSetting<N extends ChannelGroupSetting>(
  ctx: GroupsAccess,
  user: ActiveMember,
  channel: { settings: Record<N, GroupSettingEventValue> },
  name: N,
): boolean {
  return ctx.membership.hasPermission(user, channel.settings[name], CHANNEL_SETTING_CONFIG[name]);
}

/** Zulip's `user_has_content_access`: may read the channel's messages and subscribe to it. */
export function hasContentAccess(ctx: GroupsAccess, user: ActiveMember, channel: AccessChannel, subscribed: boolean): boolean {
  if (channel.isWebPublic || subscribed) return true;
  if (isGuest(user)) return false;
  if (!channel.inviteOnly) return true;
  return inChannelSetting(ctx, user, channel, 'can_subscribe_group') || inChannelSetting(ctx, user, channel, 'can_add_subscribers_group');
}

/** Zulip's `has_metadata_access_to_channel_via_groups`. */
export function hasMetadataAccessViaGroups(ctx: GroupsAccess, user: ActiveMember, channel: Pick<AccessChannel, 'settings'>): boolean {
  return ACCESS_GRANTING_SETTINGS.some((name) => inChannelSetting(ctx, user, channel, name));
}

/**
 * Whether the user is among Zulip's `can_access_stream_metadata_user_ids`, who are told of the
 * channel's changes: everyone but guests for a public channel, its subscribers, and for a
 * private one the administrators and the holders of its access-granting group settings. Being
 * web-public gives metadata access (`hasMetadataAccess`) but not this.
 */
export function isChannelMetadataAudience(ctx: GroupsAccess, user: ActiveMember, channel: AccessChannel, subscribed: boolean): boolean {
  if (subscribed) return true;
  if (isGuest(user)) return false;
  if (!channel.inviteOnly || isAdmin(user)) return true;
  return hasMetadataAccessViaGroups(ctx, user, channel);
}

/** Zulip's `user_has_metadata_access`: may see that the channel exists, its settings and subscribers. */
export function hasMetadataAccess(ctx: GroupsAccess, user: ActiveMember, channel: AccessChannel, subscribed: boolean): boolean {
  return channel.isWebPublic || isChannelMetadataAudience(ctx, user, channel, subscribed);
}

/**
 * Zulip's `check_basic_stream_access`: content access, or (when content is not required)
 * administrators and the holders of the channel's access-granting groups.
 */
export function hasBasicAccess(
  ctx: GroupsAccess,
  user: ActiveMember,
  channel: AccessChannel,
  subscribed: boolean,
  requireContentAccess: boolean,
): boolean {
  if (hasContentAccess(ctx, user, channel, subscribed)) return true;
  if (requireContentAccess) return false;
  return isAdmin(user) || (!isGuest(user) && hasMetadataAccessViaGroups(ctx, user, channel));
}

/** Administrators administer every channel; others as `can_administer_channel_group` says. */
export function canAdministerChannel(ctx: GroupsAccess, user: ActiveMember, channel: Pick<AccessChannel, 'settings'>): boolean {
  return isAdmin(user) || inChannelSetting(ctx, user, channel, 'can_administer_channel_group');
}

/**
 * Zulip's `get_streams_to_which_user_cannot_add_subscribers` for one channel the user can access:
 * the organization's `can_add_subscribers_group` (`inRealmSetting`: whether it holds the user)
 * covers every channel; otherwise channel administrators and the channel's own
 * `can_add_subscribers_group`.
 */
export function mayAddSubscribers(
  ctx: GroupsAccess,
  user: ActiveMember,
  channel: Pick<AccessChannel, 'settings'>,
  inRealmSetting: boolean,
): boolean {
  if (inRealmSetting || isAdmin(user)) return true;
  if (isGuest(user)) return false;
  return (
    inChannelSetting(ctx, user, channel, 'can_administer_channel_group') ||
    inChannelSetting(ctx, user, channel, 'can_add_subscribers_group')
  );
}
