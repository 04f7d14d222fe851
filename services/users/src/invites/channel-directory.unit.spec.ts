import type { EventEnvelope } from '@zulip-es/contracts';
import { ChannelDirectory } from './channel-directory';

let sequence = 0;
const event = (type: string, data: Record<string, unknown>): EventEnvelope => ({
  eventId: `00000000-0000-4000-8000-${String(++sequence).padStart(12, '0')}`,
  type,
  aggregateId: 'channel:9',
  sequence,
  time: '2026-01-01T00:00:00.000Z',
  actorId: 1,
  correlationId: 'c',
  causationId: 'c',
  data,
});
const settings = Object.fromEntries(
  [
    'can_add_subscribers_group',
    'can_administer_channel_group',
    'can_delete_any_message_group',
    'can_delete_own_message_group',
    'can_move_messages_out_of_channel_group',
    'can_move_messages_within_channel_group',
    'can_remove_subscribers_group',
    'can_send_message_group',
    'can_subscribe_group',
    'can_resolve_topics_group',
  ].map((n) => [n, 1]),
);
const created = event('channel.created.v1', {
  channelId: 9,
  name: 'nine',
  description: '',
  renderedDescription: '',
  creatorId: 1,
  dateCreated: '2026-01-01T00:00:00.000Z',
  inviteOnly: true,
  isWebPublic: false,
  historyPublicToSubscribers: true,
  messageRetentionDays: null,
  topicsPolicy: 'inherit',
  folderId: null,
  settings,
});

describe('the channel directory of the users service', () => {
  it('follows channels, their subscribers and the default channels from messages events', () => {
    const directory = new ChannelDirectory();
    directory.apply(created);
    directory.apply(
      event('channel.subscribers_added.v1', {
        channelId: 9,
        channelName: 'nine',
        subscribers: [
          { userId: 4, color: '#76ce90' },
          { userId: 5, color: '#76ce90' },
        ],
      }),
    );
    directory.apply(event('channel.subscribers_removed.v1', { channelId: 9, channelName: 'nine', userIds: [5] }));
    directory.apply(event('default_channel.added.v1', { channelId: 9 }));
    expect(directory.channel(9)).toMatchObject({
      channelId: 9,
      inviteOnly: true,
      isWebPublic: false,
      isDefault: true,
      subscriberIds: new Set([4]),
    });
    directory.apply(event('default_channel.removed.v1', { channelId: 9 }));
    expect(directory.channel(9)?.isDefault).toBe(false);
  });

  it('knows nothing of channels never created, and passes by events it does not need', () => {
    const directory = new ChannelDirectory();
    directory.apply(event('message.sent.v1', { anything: true }));
    expect(directory.channel(9)).toBeUndefined();
  });
});
