import {
  CHANNEL_GROUP_SETTINGS,
  type BooleanSubscriptionProperty,
  type ChannelReply,
  type GroupSettingEventValue,
  type SubscriptionReply,
} from '@zulip-es/contracts';
import { settingValuesView, type IsActiveUser } from '../groups/group-setting-values';
import { SystemGroupId } from '../groups/system-groups';
import type { ChannelFields } from './channel-fields';

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

/**
 * Zulip's channel dict (`stream_to_dict`, feature level 420), as `GET /streams`, `POST /register`
 * and the `stream` events show it. `subscriberCount` counts active subscribers only.
 */
export function streamDict(channel: ChannelFields, isActive: IsActiveUser, subscriberCount: number): ChannelReply {
  const postPolicy = streamPostPolicy(channel.settings.can_send_message_group);
  return {
    stream_id: channel.channelId,
    name: channel.name,
    is_archived: channel.isArchived ?? false,
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
    ...settingValuesView(CHANNEL_GROUP_SETTINGS, channel.settings, isActive),
    subscriber_count: subscriberCount,
  };
}

/** The settings a user changed of one subscription; the others keep Zulip's defaults. */
export type SubscriptionSettings = { color?: string } & Partial<Record<BooleanSubscriptionProperty, boolean>>;

/** What a subscription dict adds to the channel's fields: the user's own settings. */
export type SubscriptionOwnFields = Omit<SubscriptionReply, keyof ChannelReply | 'subscribers' | 'partial_subscribers'>;

/**
 * A user's own settings of a subscription, as Zulip's subscription dict shows them after the
 * channel's fields: what they changed laid over the subscription's color and Zulip's defaults
 * (notification settings null: the user's defaults apply; `in_home_view` the legacy inverse of
 * `is_muted`).
 */
export function subscriptionFields(settings: SubscriptionSettings, color: string): SubscriptionOwnFields {
  const isMuted = settings.is_muted ?? false;
  return {
    color: settings.color ?? color,
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
