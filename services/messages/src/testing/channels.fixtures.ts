import type { ChannelGroupSettingsEventValue } from '@zulip-es/contracts';
import type { ChannelState } from '../channels/channel.state';
import type { UserSubscriptionsState } from '../channels/user-subscriptions.state';
import { U } from './users.fixtures';

export const DEFAULT_SETTINGS: ChannelGroupSettingsEventValue = {
  can_add_subscribers_group: 1,
  can_administer_channel_group: { directMembers: [U.owner], directSubgroups: [] },
  can_delete_any_message_group: 1,
  can_delete_own_message_group: 1,
  can_move_messages_out_of_channel_group: 1,
  can_move_messages_within_channel_group: 1,
  can_remove_subscribers_group: 3,
  can_send_message_group: 7,
  can_subscribe_group: 1,
  can_resolve_topics_group: 1,
  can_create_topic_group: 7,
};

/** A public channel created by the owner; `overrides` change what a test needs. */
export function channel(
  channelId: number,
  overrides: Partial<Omit<ChannelState, 'settings'>> & { settings?: Partial<ChannelGroupSettingsEventValue> } = {},
): ChannelState {
  const { settings, ...rest } = overrides;
  return {
    channelId,
    name: `channel ${channelId}`,
    description: '',
    renderedDescription: '',
    creatorId: U.owner,
    dateCreated: '2026-01-01T00:00:00.000Z',
    inviteOnly: false,
    isWebPublic: false,
    historyPublicToSubscribers: true,
    messageRetentionDays: null,
    topicsPolicy: 'inherit',
    folderId: null,
    isArchived: false,
    settings: { ...DEFAULT_SETTINGS, ...settings },
    subscriberIds: [],
    firstMessageId: null,
    version: 1,
    ...rest,
  };
}

export const privateChannel = (channelId: number, overrides: Parameters<typeof channel>[1] = {}): ChannelState =>
  channel(channelId, { inviteOnly: true, historyPublicToSubscribers: false, ...overrides });

/** Subscriptions of users, `{userId: [channelId, …]}` active (colors in palette order). */
export function subscriptions(
  byUser: Record<number, number[]>,
  inactive: Record<number, { channelId: number; color: string }[]> = {},
): (userId: number) => UserSubscriptionsState {
  return (userId) => ({
    userId,
    subscriptions: [
      ...(byUser[userId] ?? []).map((channelId) => ({ channelId, active: true, color: '#76ce90', channelVersion: 2 })),
      ...(inactive[userId] ?? []).map(({ channelId, color }) => ({ channelId, active: false, color, channelVersion: 3 })),
    ],
  });
}
