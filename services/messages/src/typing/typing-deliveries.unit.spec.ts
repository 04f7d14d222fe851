import { REALM_EMPTY_TOPIC_DISPLAY_NAME, Role } from '@zulip-es/contracts';
import type { ReadUser, TypingSettings } from '../users-read-model/users-read-model';
import {
  channelTyping,
  directTyping,
  editTyping,
  MAX_CHANNEL_SIZE_FOR_TYPING_NOTIFICATIONS,
  type TypingLookups,
} from './typing-deliveries';

const user = (userId: number, extra: Partial<ReadUser> = {}): ReadUser => ({
  userId,
  role: Role.MEMBER,
  isActive: true,
  isBot: false,
  fullName: `U${userId}`,
  deliveryEmail: `u${userId}@example.com`,
  emailAddressVisibility: 1,
  ...extra,
});
const ALL_ON: TypingSettings = {
  receives_typing_notifications: true,
  send_private_typing_notifications: true,
  send_stream_typing_notifications: true,
};

function lookups(users: ReadUser[], settings: Record<number, Partial<TypingSettings>> = {}): TypingLookups {
  const byId = new Map(users.map((u) => [u.userId, u]));
  return {
    realm: { host: 'chat.example.com' } as TypingLookups['realm'],
    user: (id) => byId.get(id),
    typingSettingsOf: (id) => ({ ...ALL_ON, ...settings[id] }),
  };
}

describe('typing notifications', () => {
  const [sender, bob, carol] = [user(1), user(2), user(3)];

  it('tells every participant of a direct message, the sender too, with every participant as a recipient', () => {
    expect(directTyping(lookups([sender, bob, carol]), sender, { type: 'direct', op: 'start', to: [2, 3] })).toEqual([
      {
        userIds: [2, 3, 1],
        event: {
          type: 'typing',
          op: 'start',
          message_type: 'direct',
          sender: { user_id: 1, email: 'u1@example.com' },
          recipients: [
            { user_id: 2, email: 'u2@example.com' },
            { user_id: 3, email: 'u3@example.com' },
            { user_id: 1, email: 'u1@example.com' },
          ],
        },
      },
    ]);
  });

  it('leaves out participants who turned receiving typing notifications off, the sender included', () => {
    const [delivery] = directTyping(
      lookups([sender, bob, carol], { 1: { receives_typing_notifications: false }, 2: { receives_typing_notifications: false } }),
      sender,
      { type: 'direct', op: 'stop', to: [2, 3] },
    );
    expect(delivery!.userIds).toEqual([3]);
  });

  it.each([
    ['no to', { to: undefined }, "Missing 'to' argument"],
    ['an empty to', { to: [] }, "Empty 'to' list"],
    ['an unknown user', { to: [99] }, 'Invalid user ID 99'],
  ])('refuses %s', (_, change, msg) => {
    expect(() => directTyping(lookups([sender, bob]), sender, { type: 'direct', op: 'start', ...change })).toThrow(
      expect.objectContaining({ code: 'BAD_REQUEST', message: msg }),
    );
  });

  it('refuses a sender who turned sending typing notifications off', () => {
    expect(() =>
      directTyping(lookups([sender, bob], { 1: { send_private_typing_notifications: false } }), sender, {
        type: 'direct',
        op: 'start',
        to: [2],
      }),
    ).toThrow('User has disabled typing notifications for direct messages');
    expect(() =>
      channelTyping(
        lookups([sender, bob], { 1: { send_stream_typing_notifications: false } }),
        sender,
        { type: 'channel', op: 'start', topic: 't' },
        { channelId: 5, subscriberIds: [1, 2] },
      ),
    ).toThrow('User has disabled typing notifications for channel messages');
  });

  it('tells a channel’s subscribers, the sender too, only on queues that declared stream_typing_notifications', () => {
    expect(
      channelTyping(
        lookups([sender, bob, carol]),
        sender,
        { type: 'channel', op: 'start', topic: 'lunch' },
        { channelId: 5, subscriberIds: [1, 2] },
      ),
    ).toEqual([
      {
        userIds: [1, 2],
        event: {
          type: 'typing',
          op: 'start',
          message_type: 'stream',
          sender: { user_id: 1, email: 'u1@example.com' },
          stream_id: 5,
          topic: 'lunch',
        },
        onlyIf: [{ capability: 'stream_typing_notifications', present: true }],
      },
    ]);
  });

  it('tells no one in a channel of more than 100 subscribers, as Zulip', () => {
    const many = Array.from({ length: MAX_CHANNEL_SIZE_FOR_TYPING_NOTIFICATIONS + 1 }, (_, i) => user(i + 1));
    const subscriberIds = many.map((u) => u.userId);
    expect(channelTyping(lookups(many), sender, { type: 'channel', op: 'start', topic: 'lunch' }, { channelId: 5, subscriberIds })).toEqual(
      [],
    );
    expect(
      editTyping(lookups(many), sender, 'start', {
        messageId: 9,
        conversation: { type: 'channel', channelId: 5, topic: 'lunch' },
        subscriberIds,
      }),
    ).toEqual([]);
    expect(
      channelTyping(
        lookups(many),
        sender,
        { type: 'channel', op: 'start', topic: 'lunch' },
        { channelId: 5, subscriberIds: subscriberIds.slice(1) },
      )[0]!.userIds,
    ).toHaveLength(MAX_CHANNEL_SIZE_FOR_TYPING_NOTIFICATIONS);
  });

  it('names the empty topic "general chat" for queues without empty_topic_name', () => {
    const deliveries = channelTyping(
      lookups([sender, bob]),
      sender,
      { type: 'channel', op: 'start', topic: '' },
      { channelId: 5, subscriberIds: [1, 2] },
    );
    expect(deliveries.map((d) => [d.event.topic, d.onlyIf?.[1]])).toEqual([
      ['', { capability: 'empty_topic_name', present: true }],
      ['general chat', { capability: 'empty_topic_name', present: false }],
    ]);
  });

  describe('while editing a message', () => {
    it('tells a channel message’s subscribers who receive typing notifications, the sender too', () => {
      const conversation = { type: 'channel' as const, channelId: 5, topic: 'lunch' };
      expect(
        editTyping(lookups([sender, bob, carol], { 3: { receives_typing_notifications: false } }), sender, 'start', {
          messageId: 9,
          conversation,
          subscriberIds: [1, 2, 3],
        }),
      ).toEqual([
        {
          userIds: [1, 2],
          event: {
            type: 'typing_edit_message',
            op: 'start',
            sender_id: 1,
            message_id: 9,
            recipient: { type: 'channel', channel_id: 5, topic: 'lunch' },
          },
        },
      ]);
    });

    it('tells a direct message’s participants who receive typing notifications, naming those told', () => {
      const conversation = { type: 'direct' as const, userIds: [1, 2, 3] };
      expect(
        editTyping(lookups([sender, bob, carol], { 3: { receives_typing_notifications: false } }), sender, 'stop', {
          messageId: 4,
          conversation,
          subscriberIds: [],
        }),
      ).toEqual([
        {
          userIds: [1, 2],
          event: { type: 'typing_edit_message', op: 'stop', sender_id: 1, message_id: 4, recipient: { type: 'direct', user_ids: [1, 2] } },
        },
      ]);
    });

    it('names the empty topic "general chat" for queues without empty_topic_name', () => {
      const deliveries = editTyping(lookups([sender, bob]), sender, 'start', {
        messageId: 4,
        conversation: { type: 'channel', channelId: 5, topic: '' },
        subscriberIds: [1, 2],
      });
      expect(deliveries.map((d) => [(d.event.recipient as { topic: string }).topic, d.onlyIf])).toEqual([
        ['', [{ capability: 'empty_topic_name', present: true }]],
        [REALM_EMPTY_TOPIC_DISPLAY_NAME, [{ capability: 'empty_topic_name', present: false }]],
      ]);
    });
  });
});
