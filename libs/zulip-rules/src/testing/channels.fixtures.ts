import type { ChannelGroupSettingsEventValue } from '@zulip-es/contracts';
import type { ChannelFields } from '../channels/channel-fields';
import { U } from './groups.fixtures';

/** Zulip's defaults for a channel the owner created. */
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
export function aChannel(
  overrides: Partial<Omit<ChannelFields, 'settings'>> & { settings?: Partial<ChannelGroupSettingsEventValue> } = {},
): ChannelFields {
  const { settings, ...rest } = overrides;
  return {
    channelId: 9,
    name: 'design',
    description: 'Where **design** happens',
    renderedDescription: '<p>Where <strong>design</strong> happens</p>',
    creatorId: U.owner,
    dateCreated: '2026-01-02T03:04:05.000Z',
    inviteOnly: false,
    isWebPublic: false,
    historyPublicToSubscribers: true,
    messageRetentionDays: null,
    topicsPolicy: 'inherit',
    folderId: null,
    settings: { ...DEFAULT_SETTINGS, ...settings },
    firstMessageId: null,
    ...rest,
  };
}

export const aPrivateChannel = (overrides: Parameters<typeof aChannel>[0] = {}): ChannelFields =>
  aChannel({ inviteOnly: true, historyPublicToSubscribers: false, ...overrides });
