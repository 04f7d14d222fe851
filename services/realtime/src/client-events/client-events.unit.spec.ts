import { Role } from '@zulip-es/contracts';
import { Directory } from '../directory/directory';
import type { DomainEvent } from '../domain-event';
import { clientEventsOf } from './client-events';

const user = (userId: number, extra: Partial<Extract<DomainEvent, { type: 'user.created.v1' }>['data']> = {}): DomainEvent => ({
  type: 'user.created.v1',
  data: {
    userId,
    realmId: 1,
    deliveryEmail: `u${userId}@example.com`,
    fullName: `User ${userId}`,
    role: Role.MEMBER,
    isBot: false,
    timezone: '',
    emailAddressVisibility: 1,
    dateJoined: '2026-11-22T10:00:00.000Z',
    passwordHash: null,
    apiKeyHash: 'a'.repeat(64),
    apiKeyNonce: 'n'.repeat(16),
    ...extra,
  },
});

/** given(events) → when(event) → the deliveries, as `{users, event}`. */
function given(...history: DomainEvent[]) {
  const directory = new Directory();
  for (const e of [{ type: 'realm.created.v1', data: { realmId: 1, name: 'Org', host: 'chat.example.com', url: 'https://chat.example.com', createdAt: '2026-11-22T10:00:00.000Z' } } as DomainEvent, ...history]) directory.apply(e);
  return { when: (event: DomainEvent) => clientEventsOf(event, directory).map((d) => ({ users: [...d.userIds].sort(), event: d.event, variants: d.variants })) };
}

const channel = (channelId: number, subscribers: number[]): DomainEvent[] => [
  {
    type: 'channel.created.v1',
    data: {
      channelId,
      name: 'general',
      description: '',
      renderedDescription: '',
      creatorId: null,
      dateCreated: '2026-11-22T10:00:00.000Z',
      inviteOnly: false,
      isWebPublic: false,
      historyPublicToSubscribers: true,
      messageRetentionDays: null,
      topicsPolicy: 'inherit',
      folderId: null,
      settings: {} as never,
    },
  },
  { type: 'channel.subscribers_added.v1', data: { channelId, channelName: 'general', subscribers: subscribers.map((userId) => ({ userId, color: '#76ce90' })) } },
];

const sent = (data: Partial<Extract<DomainEvent, { type: 'message.sent.v1' }>['data']>): DomainEvent => ({
  type: 'message.sent.v1',
  data: {
    messageId: 7,
    senderId: 1,
    conversation: { type: 'channel', channelId: 5, topic: 'lunch' },
    recipientId: 50,
    content: 'hi',
    renderedContent: '<p>hi</p>',
    sentAt: '2026-11-22T10:00:01.500Z',
    client: 'test',
    ...data,
  },
});

describe('client events of domain events', () => {
  describe('message', () => {
    it('goes to the channel’s active subscribers, read for the sender, mentioned for those mentioned', () => {
      const deliveries = given(user(1), user(2), user(3), user(4), ...channel(5, [1, 2, 3]), { type: 'user.deactivated.v1', data: { userId: 3 } }).when(
        sent({ renderedContent: '<p><span class="user-mention" data-user-id="2">@User 2</span></p>', content: '@**User 2**' }),
      );
      expect(deliveries.map((d) => [d.users, d.event.flags])).toEqual([
        [[1], ['read']],
        [[2], ['mentioned']],
      ]);
      expect(deliveries[0]!.event.message).toEqual({
        id: 7,
        sender_id: 1,
        sender_full_name: 'User 1',
        sender_email: 'u1@example.com',
        sender_realm_str: '',
        timestamp: Math.floor(Date.parse('2026-11-22T10:00:01.500Z') / 1000),
        client: 'test',
        recipient_id: 50,
        is_me_message: false,
        reactions: [],
        submessages: [],
        topic_links: [],
        avatar_url: expect.stringMatching(/^https:\/\/secure\.gravatar\.com\/avatar\/[0-9a-f]{32}\?d=identicon&version=1$/),
        type: 'stream',
        display_recipient: 'general',
        stream_id: 5,
        subject: 'lunch',
        content: '<p><span class="user-mention" data-user-id="2">@User 2</span></p>',
        content_type: 'text/html',
      });
      expect(deliveries[0]!.variants?.markdown?.message).toMatchObject({ content: '@**User 2**', content_type: 'text/x-markdown', avatar_url: expect.any(String) });
      expect(deliveries[0]!.variants?.['markdown+client_gravatar']?.message).toMatchObject({ content: '@**User 2**', avatar_url: null });
      expect(deliveries[0]!.variants?.client_gravatar?.message).toMatchObject({ content: deliveries[0]!.event.message && '<p><span class="user-mention" data-user-id="2">@User 2</span></p>', avatar_url: null });
    });

    it('does not flag silent or wildcard mentions as mentioned', () => {
      const deliveries = given(user(1), user(2), ...channel(5, [1, 2])).when(
        sent({ renderedContent: '<span class="user-mention silent" data-user-id="2">User 2</span><span class="user-mention channel-wildcard-mention" data-user-id="*">@all</span>' }),
      );
      expect(deliveries.find((d) => d.users.includes(2))!.event.flags).toEqual([]);
    });

    it('goes to a direct message’s participants, named with their API emails', () => {
      const deliveries = given(user(1), user(2, { emailAddressVisibility: 4 }), user(3)).when(sent({ conversation: { type: 'direct', userIds: [1, 2] } }));
      expect(deliveries.flatMap((d) => d.users)).toEqual([1, 2]);
      expect(deliveries[0]!.event.message).toMatchObject({
        type: 'private',
        subject: '',
        display_recipient: [
          { id: 1, email: 'u1@example.com', full_name: 'User 1', is_mirror_dummy: false },
          { id: 2, email: 'user2@chat.example.com', full_name: 'User 2', is_mirror_dummy: false },
        ],
      });
    });

    it('reaches the subscribers a message was sent to, not those who joined after', () => {
      const { when } = given(user(1), user(2), ...channel(5, [1]));
      expect(when(sent({})).flatMap((d) => d.users)).toEqual([1]);
    });
  });

  describe('realm_user', () => {
    it('adds a user with delivery_email for the viewers its visibility allows, null for the others', () => {
      const deliveries = given(user(1, { role: Role.ADMINISTRATOR }), user(2)).when(user(3, { emailAddressVisibility: 3 }));
      expect(deliveries.map((d) => [d.users, (d.event.person as { delivery_email: unknown }).delivery_email])).toEqual([
        [[1], 'u3@example.com'],
        [[2], null],
      ]);
      expect(deliveries[0]!.event).toMatchObject({ type: 'realm_user', op: 'add', person: { user_id: 3, email: 'user3@chat.example.com', role: Role.MEMBER, is_admin: false, date_joined: '2026-11-22T10:00+00:00' } });
    });

    it('tells everyone but the deactivated user of a deactivation', () => {
      expect(given(user(1), user(2)).when({ type: 'user.deactivated.v1', data: { userId: 2 } })).toEqual([
        { users: [1], event: { type: 'realm_user', op: 'update', person: { user_id: 2, is_active: false } }, variants: undefined },
      ]);
    });

    it('changes delivery_email for those who may see it, and the API email only when everyone may', () => {
      const hidden = given(user(1, { role: Role.ADMINISTRATOR }), user(2, { emailAddressVisibility: 3 }), user(3)).when({
        type: 'user.email_changed.v1',
        data: { userId: 2, deliveryEmail: 'new@example.com', previousEmail: 'u2@example.com' },
      });
      expect(hidden.map((d) => [d.users, d.event.person])).toEqual([[[1, 2], { user_id: 2, delivery_email: 'new@example.com' }]]);
      const visible = given(user(1), user(2)).when({ type: 'user.email_changed.v1', data: { userId: 2, deliveryEmail: 'new@example.com', previousEmail: 'u2@example.com' } });
      expect(visible.map((d) => d.event.person)).toEqual([
        { user_id: 2, delivery_email: 'new@example.com' },
        { user_id: 2, new_email: 'new@example.com' },
      ]);
    });
  });

  it('tells only the owner of their drafts, topic policies and navigation views', () => {
    const { when } = given(user(1), user(2));
    const draft = { id: 4, type: '' as const, to: [], topic: '', content: 'x', timestamp: 12.75 };
    expect(when({ type: 'draft.created.v1', data: { userId: 2, draft } })).toEqual([{ users: [2], event: { type: 'drafts', op: 'add', drafts: [{ ...draft, timestamp: 12 }] }, variants: undefined }]);
    expect(when({ type: 'draft.deleted.v1', data: { userId: 2, draftId: 4 } })[0]!.users).toEqual([2]);
    expect(when({ type: 'user_topic.visibility_policy_changed.v1', data: { userId: 1, channelId: 5, topicName: 't', visibilityPolicy: 1, lastUpdated: 9 } })).toEqual([
      { users: [1], event: { type: 'user_topic', stream_id: 5, topic_name: 't', last_updated: 9, visibility_policy: 1 }, variants: undefined },
    ]);
    expect(when({ type: 'navigation_view.updated.v1', data: { userId: 1, fragment: 'inbox', name: 'In' } })[0]!.event).toEqual({ type: 'navigation_view', op: 'update', fragment: 'inbox', data: { name: 'In' } });
  });

  it('makes no client event of what clients are not told, such as a push notification request', () => {
    expect(given(user(1)).when({ type: 'drafts.cleared.v1', data: { userId: 1, draftIds: [1], userSequence: 3 } })).toEqual([]);
  });
});
