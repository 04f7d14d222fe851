import { CHANNEL_GROUP_SETTINGS, type GroupSettingEventValue, type GroupSettingValue } from '@zulip-es/contracts';
import { SystemGroupId } from '../users-read-model/system-groups';
import type { ReadUser } from '../users-read-model/users-read-model';
import type { ChannelState } from './channel.state';
import type { SubscriptionSettings } from './subscription-settings/subscription-settings.state';
import type { SubscriptionState } from './user-subscriptions.state';

export interface ViewLookups {
  user(userId: number): ReadUser | undefined;
}

/** Subscribers that count: deactivated users keep their subscriptions but are not shown. */
export const activeSubscriberIds = (lookups: ViewLookups, channel: ChannelState): number[] =>
  channel.subscriberIds.filter((id) => lookups.user(id)?.isActive);

/** A stored group-setting value as the API shows it: deactivated users left out. */
function settingValueView(lookups: ViewLookups, value: GroupSettingEventValue): GroupSettingValue {
  if (typeof value === 'number') return value;
  return { direct_members: value.directMembers.filter((id) => lookups.user(id)?.isActive), direct_subgroups: value.directSubgroups };
}

/** Zulip's legacy `stream_post_policy`, derived from `can_send_message_group`. */
function streamPostPolicy(canSendMessageGroup: GroupSettingEventValue): number {
  const byGroup: Record<number, number> = {
    [SystemGroupId.EVERYONE]: 1,
    [SystemGroupId.ADMINISTRATORS]: 2,
    [SystemGroupId.FULL_MEMBERS]: 3,
    [SystemGroupId.MODERATORS]: 4,
  };
  return typeof canSendMessageGroup === 'number' ? (byGroup[canSendMessageGroup] ?? 1) : 1;
}

/** Zulip's channel dict (`stream_to_dict`, feature level 420). */
export function streamView(lookups: ViewLookups, channel: ChannelState): Record<string, unknown> {
  const postPolicy = streamPostPolicy(channel.settings.can_send_message_group);
  return {
    stream_id: channel.channelId,
    name: channel.name,
    is_archived: channel.isArchived,
    description: channel.description,
    rendered_description: channel.renderedDescription,
    date_created: Math.floor(Date.parse(channel.dateCreated) / 1000),
    creator_id: channel.creatorId,
    invite_only: channel.inviteOnly,
    is_web_public: channel.isWebPublic,
    stream_post_policy: postPolicy,
    is_announcement_only: postPolicy === 2,
    message_retention_days: channel.messageRetentionDays,
    history_public_to_subscribers: channel.historyPublicToSubscribers,
    topics_policy: channel.topicsPolicy,
    first_message_id: channel.firstMessageId,
    folder_id: channel.folderId,
    // No message traffic is measured yet: Zulip's "recently active" default and unknown traffic.
    is_recently_active: true,
    stream_weekly_traffic: null,
    ...Object.fromEntries(CHANNEL_GROUP_SETTINGS.map((name) => [name, settingValueView(lookups, channel.settings[name])])),
    subscriber_count: activeSubscriberIds(lookups, channel).length,
  };
}

/**
 * Zulip's subscription dict: the channel plus the user's own settings of it, those they changed
 * laid over the subscription's color and Zulip's defaults. Notification settings are null (the
 * user's defaults apply) until set; `in_home_view` is the legacy inverse of `is_muted`.
 */
export function subscriptionView(
  lookups: ViewLookups,
  channel: ChannelState,
  subscription: SubscriptionState,
  settings: SubscriptionSettings = {},
): Record<string, unknown> {
  const isMuted = settings.is_muted ?? false;
  return {
    ...streamView(lookups, channel),
    color: settings.color ?? subscription.color,
    is_muted: isMuted,
    in_home_view: !isMuted,
    pin_to_top: settings.pin_to_top ?? false,
    desktop_notifications: settings.desktop_notifications ?? null,
    email_notifications: settings.email_notifications ?? null,
    push_notifications: settings.push_notifications ?? null,
    audible_notifications: settings.audible_notifications ?? null,
    wildcard_mentions_notify: settings.wildcard_mentions_notify ?? null,
  };
}

/** Zulip sorts channel lists by name (code point order). */
export const byName = (a: { name: string }, b: { name: string }): number => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
