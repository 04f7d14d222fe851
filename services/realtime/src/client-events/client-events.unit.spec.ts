import { CHANNEL_GROUP_SETTINGS, Role } from '@zulip-es/contracts';
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
  for (const e of [
    {
      type: 'realm.created.v1',
      data: { realmId: 1, name: 'Org', host: 'chat.example.com', url: 'https://chat.example.com', createdAt: '2026-11-22T10:00:00.000Z' },
    } as DomainEvent,
    ...history,
  ])
    directory.apply(e);
  return {
    directory,
    when: (event: DomainEvent) =>
      clientEventsOf(event, directory).map((d) => ({ users: [...d.userIds].sort(), event: d.event, variants: d.variants })),
  };
}

/** The deliveries as they are, conditions included. */
const clientEventsOfRaw = (state: ReturnType<typeof given>, event: DomainEvent) => clientEventsOf(event, state.directory);

type ChannelData = Extract<DomainEvent, { type: 'channel.created.v1' }>['data'];

const channel = (channelId: number, subscribers: number[], extra: Partial<ChannelData> = {}): DomainEvent[] => [
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
      settings: Object.fromEntries(CHANNEL_GROUP_SETTINGS.map((name) => [name, 7])) as never,
      ...extra,
    },
  },
  {
    type: 'channel.subscribers_added.v1',
    data: { channelId, channelName: 'general', subscribers: subscribers.map((userId) => ({ userId, color: '#76ce90' })) },
  },
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
    it("carries the topic's links: the organization's linkifiers and bare URLs", () => {
      const linkifier: DomainEvent = {
        type: 'linkifier.added.v1',
        data: { linkifierId: 1, pattern: '#(?P<id>[0-9]+)', urlTemplate: 'https://tracker.example.org/{id}' },
      };
      const [delivery] = given(user(1), ...channel(5, [1]), linkifier).when(
        sent({ conversation: { type: 'channel', channelId: 5, topic: 'fix #42 per example.com' } }),
      );
      expect((delivery!.event.message as { topic_links: unknown }).topic_links).toEqual([
        { url: 'https://tracker.example.org/42', text: '#42' },
        { url: 'https://example.com', text: 'example.com' },
      ]);
    });

    it('goes to the channel’s active subscribers, read for the sender, mentioned for those mentioned', () => {
      const deliveries = given(user(1), user(2), user(3), user(4), ...channel(5, [1, 2, 3]), {
        type: 'user.deactivated.v1',
        data: { userId: 3 },
      }).when(sent({ renderedContent: '<p><span class="user-mention" data-user-id="2">@User 2</span></p>', content: '@**User 2**' }));
      expect(deliveries.map((d) => [d.users, d.event.flags])).toEqual([
        [[1], ['read']],
        [[2], ['mentioned']],
        [[], []],
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
      expect(deliveries[0]!.variants?.markdown?.message).toMatchObject({
        content: '@**User 2**',
        content_type: 'text/x-markdown',
        avatar_url: expect.any(String),
      });
      expect(deliveries[0]!.variants?.['markdown+client_gravatar']?.message).toMatchObject({ content: '@**User 2**', avatar_url: null });
      expect(deliveries[0]!.variants?.client_gravatar?.message).toMatchObject({
        content: deliveries[0]!.event.message && '<p><span class="user-mention" data-user-id="2">@User 2</span></p>',
        avatar_url: null,
      });
    });

    it('gives each reader’s delivery the traits narrows are checked against, and public channels’ messages a flagless one for all_public_streams queues', () => {
      const state = given(user(1), user(2), ...channel(5, [1, 2]), ...channel(6, [1, 2], { inviteOnly: true }), ...channel(7, [1]));
      const deliveries = clientEventsOfRaw(state, sent({ conversation: { type: 'channel', channelId: 5, topic: '✔ Lunch' } }));
      expect(deliveries.map((d) => [d.userIds, d.traits, d.allPublicStreams])).toEqual([
        [[1], ['channel:general', 'topic:✔ lunch', 'is:resolved', 'sender:u1@example.com'], undefined],
        [[2], ['channel:general', 'topic:✔ lunch', 'is:resolved', 'sender:u1@example.com', 'is:unread'], true],
      ]);
      const onlySender = clientEventsOfRaw(state, sent({ conversation: { type: 'channel', channelId: 7, topic: 'x' } }));
      expect(onlySender.map((d) => [d.userIds, d.event.flags, d.allPublicStreams])).toEqual([
        [[1], ['read'], undefined],
        [[], [], true],
      ]);
      expect(
        clientEventsOfRaw(state, sent({ conversation: { type: 'channel', channelId: 6, topic: 'x' } })).some((d) => d.allPublicStreams),
      ).toBe(false);
      expect(clientEventsOfRaw(state, sent({ conversation: { type: 'direct', userIds: [1, 2] } }))[1]!.traits).toEqual([
        'is:dm',
        'sender:u1@example.com',
        'is:unread',
      ]);
    });

    it('flags a channel wildcard for every reader, and a silent mention not at all', () => {
      const deliveries = given(user(1), user(2), ...channel(5, [1, 2])).when(
        sent({
          renderedContent:
            '<span class="user-mention silent" data-user-id="2">User 2</span><span class="user-mention channel-wildcard-mention" data-user-id="*">@all</span>',
        }),
      );
      expect(deliveries.find((d) => d.users.includes(2))!.event.flags).toEqual(['stream_wildcard_mentioned', 'wildcard_mentioned']);
    });

    it('leaves a message unread for its sender when an API client sent it', () => {
      const deliveries = given(user(1), user(2), ...channel(5, [1, 2])).when(sent({ readBySender: false }));
      expect(deliveries.find((d) => d.users.includes(1))!.event.flags).toEqual([]);
    });

    it('flags a topic wildcard for the topic’s earlier participants only', () => {
      const deliveries = given(user(1), user(2), user(3), ...channel(5, [1, 2, 3])).when(
        sent({ renderedContent: '<span class="topic-mention">@topic</span>', topicParticipantIds: [2] }),
      );
      expect(deliveries.find((d) => d.users.includes(2))!.event.flags).toEqual(['topic_wildcard_mentioned', 'wildcard_mentioned']);
      expect(deliveries.find((d) => d.users.includes(3))!.event.flags).toEqual([]);
    });

    it('goes to a direct message’s participants, named with their API emails', () => {
      const deliveries = given(user(1), user(2, { emailAddressVisibility: 4 }), user(3)).when(
        sent({ conversation: { type: 'direct', userIds: [1, 2] } }),
      );
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

    it('flags has_alert_word for the readers whose alert words it contains', () => {
      const deliveries = given(user(1), user(2), user(3), ...channel(5, [1, 2, 3])).when(sent({ alertWordUserIds: [3] }));
      expect(deliveries.map((d) => [d.users, d.event.flags])).toEqual([
        [[1], ['read']],
        [[2], []],
        [[3], ['has_alert_word']],
      ]);
    });

    it('reaches read those who had muted its sender, from the mute’s first message on', () => {
      const mute = {
        type: 'user.muted.v1',
        data: { userId: 2, mutedUserId: 1, mutedAt: '2026-11-22T10:00:00.000Z', fromMessageId: 7 },
      } as DomainEvent;
      const state = given(user(1), user(2), user(3), ...channel(5, [1, 2, 3]), mute);
      expect(state.when(sent({})).map((d) => [d.users, d.event.flags])).toEqual([
        [[1, 2], ['read']],
        [[3], []],
      ]);
      expect(state.when(sent({ messageId: 6 })).map((d) => [d.users, d.event.flags])[0]).toEqual([[1], ['read']]);
      state.directory.apply({ type: 'user.unmuted.v1', data: { userId: 2, mutedUserId: 1, fromMessageId: 8 } });
      expect(state.when(sent({ messageId: 8 })).map((d) => [d.users, d.event.flags])[0]).toEqual([[1], ['read']]);
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
      expect(deliveries[0]!.event).toMatchObject({
        type: 'realm_user',
        op: 'add',
        person: { user_id: 3, email: 'user3@chat.example.com', role: Role.MEMBER, is_admin: false, date_joined: '2026-11-22T10:00+00:00' },
      });
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
      const visible = given(user(1), user(2)).when({
        type: 'user.email_changed.v1',
        data: { userId: 2, deliveryEmail: 'new@example.com', previousEmail: 'u2@example.com' },
      });
      expect(visible.map((d) => d.event.person)).toEqual([
        { user_id: 2, delivery_email: 'new@example.com' },
        { user_id: 2, new_email: 'new@example.com' },
      ]);
    });
  });

  it('tells only the owner of their drafts, topic policies and navigation views', () => {
    const { when } = given(user(1), user(2));
    const draft = { id: 4, type: '' as const, to: [], topic: '', content: 'x', timestamp: 12.75 };
    expect(when({ type: 'draft.created.v1', data: { userId: 2, draft } })).toEqual([
      { users: [2], event: { type: 'drafts', op: 'add', drafts: [{ ...draft, timestamp: 12 }] }, variants: undefined },
    ]);
    expect(when({ type: 'draft.deleted.v1', data: { userId: 2, draftId: 4 } })[0]!.users).toEqual([2]);
    expect(
      when({
        type: 'user_topic.visibility_policy_changed.v1',
        data: { userId: 1, channelId: 5, topicName: 't', visibilityPolicy: 1, lastUpdated: 9 },
      }),
    ).toEqual([
      {
        users: [1],
        event: { type: 'user_topic', stream_id: 5, topic_name: 't', last_updated: 9, visibility_policy: 1 },
        variants: undefined,
      },
    ]);
    expect(when({ type: 'navigation_view.updated.v1', data: { userId: 1, fragment: 'inbox', name: 'In' } })[0]!.event).toEqual({
      type: 'navigation_view',
      op: 'update',
      fragment: 'inbox',
      data: { name: 'In' },
    });
  });

  it('tells a user their whole muted users list after each change, and their alert words', () => {
    const mute = (mutedUserId: number, mutedAt: string) =>
      ({ type: 'user.muted.v1', data: { userId: 2, mutedUserId, mutedAt, fromMessageId: 1 } }) as DomainEvent;
    const state = given(user(1), user(2), user(3), mute(1, '2026-11-22T10:00:00.000Z'));
    expect(state.when(mute(3, '2026-11-22T10:00:10.000Z'))).toEqual([
      {
        users: [2],
        event: {
          type: 'muted_users',
          muted_users: [
            { id: 1, timestamp: 1795341600 },
            { id: 3, timestamp: 1795341610 },
          ],
        },
        variants: undefined,
      },
    ]);
    expect(state.when({ type: 'user.unmuted.v1', data: { userId: 2, mutedUserId: 1, fromMessageId: 9 } })).toEqual([
      { users: [2], event: { type: 'muted_users', muted_users: [] }, variants: undefined },
    ]);
    expect(state.when({ type: 'alert_words.changed.v1', data: { userId: 3, alertWords: ['lunch', 'build green'] } })).toEqual([
      { users: [3], event: { type: 'alert_words', alert_words: ['lunch', 'build green'] }, variants: undefined },
    ]);
  });

  it('tells a user of messages marked unread with message_details by id, from grouped places and from older per-message details alike', () => {
    const state = given(user(1), user(2), user(3));
    const change = { userId: 2, flag: 'read' as const, op: 'remove' as const, messageIds: [3, 4, 5] };
    const v2 = state.when({
      type: 'message_flags.updated.v2',
      data: {
        ...change,
        places: [
          { type: 'stream', channelId: 7, topic: 'lunch', unmutedStreamMsg: false, messageIds: [3, 5], mentionedIds: [5] },
          { type: 'private', userIds: [1, 2, 3], messageIds: [4] },
        ],
      },
    });
    const details = {
      3: { type: 'stream', stream_id: 7, topic: 'lunch', unmuted_stream_msg: false },
      4: { type: 'private', user_ids: [1, 3] },
      5: { type: 'stream', stream_id: 7, topic: 'lunch', unmuted_stream_msg: false, mentioned: true },
    };
    expect(v2).toEqual([
      {
        users: [2],
        event: {
          type: 'update_message_flags',
          op: 'remove',
          operation: 'remove',
          flag: 'read',
          messages: [3, 4, 5],
          all: false,
          message_details: details,
        },
        variants: undefined,
      },
    ]);
    const v1 = state.when({
      type: 'message_flags.updated.v1',
      data: {
        ...change,
        details: {
          3: { type: 'stream', channelId: 7, topic: 'lunch', mentioned: false, unmutedStreamMsg: false },
          4: { type: 'private', userIds: [1, 2, 3], mentioned: false },
          5: { type: 'stream', channelId: 7, topic: 'lunch', mentioned: true, unmutedStreamMsg: false },
        },
      },
    });
    expect(v1).toEqual(v2);
  });

  it('makes no client event of what clients are not told, such as a push notification request', () => {
    expect(given(user(1)).when({ type: 'drafts.cleared.v1', data: { userId: 1, draftIds: [1], userSequence: 3 } })).toEqual([]);
  });

  describe('organization settings and lists', () => {
    it('sends realm changes as update_dict, group settings in their API form without deactivated users', () => {
      const deliveries = given(user(1), user(2), { type: 'user.deactivated.v1', data: { userId: 2 } }).when({
        type: 'realm.setting_changed.v1',
        data: { property: 'can_invite_users_group', value: { directMembers: [1, 2], directSubgroups: [11] } },
      });
      expect(deliveries).toEqual([
        {
          users: [1],
          event: {
            type: 'realm',
            op: 'update_dict',
            property: 'default',
            data: { can_invite_users_group: { direct_members: [1], direct_subgroups: [11] } },
          },
          variants: undefined,
        },
      ]);
    });

    it('sends the whole list of profile fields in display order after a change', () => {
      const field = (id: number, order: number) => ({
        id,
        type: 1 as const,
        name: `F${id}`,
        hint: '',
        fieldData: '',
        order,
        required: false,
        editableByUser: true,
        displayInProfileSummary: id === 2,
      });
      const { when } = given(
        user(1),
        { type: 'custom_profile_field.created.v1', data: { field: field(1, 1) } },
        { type: 'custom_profile_field.created.v1', data: { field: field(2, 2) } },
      );
      const [delivery] = when({ type: 'custom_profile_fields.reordered.v1', data: { order: [2, 1] } });
      expect(delivery!.event).toEqual({
        type: 'custom_profile_fields',
        fields: [
          {
            id: 2,
            name: 'F2',
            type: 1,
            hint: '',
            field_data: '',
            order: 0,
            required: false,
            editable_by_user: true,
            display_in_profile_summary: true,
          },
          { id: 1, name: 'F1', type: 1, hint: '', field_data: '', order: 1, required: false, editable_by_user: true },
        ],
      });
    });

    it('sends linkifiers only to queues that declared linkifier_url_template', () => {
      const [delivery] = given(user(1)).when({
        type: 'linkifier.added.v1',
        data: { linkifierId: 3, pattern: '#(?P<id>\\d+)', urlTemplate: 'https://x/{id}' },
      });
      expect(delivery).toMatchObject({
        event: { type: 'realm_linkifiers', realm_linkifiers: [{ id: 3, pattern: '#(?P<id>\\d+)', url_template: 'https://x/{id}' }] },
      });
      expect(clientEventsOfRaw(given(user(1)), { type: 'linkifier.removed.v1', data: { linkifierId: 3 } })[0]!.onlyIf).toEqual([
        { capability: 'linkifier_url_template', present: true },
      ]);
    });
  });

  it('deactivates a group as an update for clients that keep deactivated groups and a removal for the others', () => {
    const deliveries = clientEventsOfRaw(given(user(1)), { type: 'user_group.deactivated.v1', data: { groupId: 9 } });
    expect(deliveries.map((d) => [d.event, d.onlyIf])).toEqual([
      [
        { type: 'user_group', op: 'update', group_id: 9, data: { deactivated: true } },
        [{ capability: 'include_deactivated_groups', present: true }],
      ],
      [{ type: 'user_group', op: 'remove', group_id: 9 }, [{ capability: 'include_deactivated_groups', present: false }]],
    ]);
  });

  it('tells administrators and the invitation’s sender that invitations changed', () => {
    const invitation = {
      type: 'invitation.created.v1',
      data: {
        inviteId: 4,
        invitedByUserId: 3,
        email: 'x@example.com',
        invitedAs: Role.MEMBER,
        invitedAt: '2026-11-22T10:00:00.000Z',
        expiresAt: null,
        streamIds: [],
        groupIds: [],
        includeRealmDefaultSubscriptions: true,
        notifyReferrerOnJoin: false,
        welcomeMessageCustomText: null,
        keyHash: 'a'.repeat(64),
        keyNonce: 'n'.repeat(16),
      },
    } as DomainEvent;
    const { when } = given(user(1, { role: Role.OWNER }), user(2), user(3), invitation);
    expect(when({ type: 'invitation.revoked.v1', data: { inviteId: 4 } })).toEqual([
      { users: [1, 3], event: { type: 'invites_changed' }, variants: undefined },
    ]);
  });

  it('tells administrators and the link’s creator when a reusable link is created or revoked', () => {
    const link = {
      type: 'invitation_link.created.v1',
      data: {
        linkId: 2,
        invitedByUserId: 3,
        invitedAs: Role.MEMBER,
        createdAt: '2026-11-22T10:00:00.000Z',
        expiresAt: null,
        streamIds: [],
        groupIds: [],
        includeRealmDefaultSubscriptions: false,
        welcomeMessageCustomText: null,
        keyHash: 'a'.repeat(64),
        keyNonce: 'n'.repeat(16),
      },
    } as DomainEvent;
    const { when } = given(user(1, { role: Role.ADMINISTRATOR }), user(2), user(3), link);
    expect(when(link)).toEqual([{ users: [1, 3], event: { type: 'invites_changed' }, variants: undefined }]);
    expect(when({ type: 'invitation_link.revoked.v1', data: { linkId: 2 } })).toEqual([
      { users: [1, 3], event: { type: 'invites_changed' }, variants: undefined },
    ]);
  });

  it('tells nobody of an invitation asked for through a link, nor of its acceptance, as Zulip tells nobody', () => {
    const data = {
      inviteId: 7,
      referrerId: 3,
      email: 'x@example.com',
      invitedAs: Role.MEMBER,
      streamIds: [],
      groupIds: [],
      includeRealmDefaultSubscriptions: false,
      welcomeMessageCustomText: null,
    };
    const { when } = given(user(1, { role: Role.OWNER }), user(3));
    expect(
      when({
        type: 'invitation.requested.v1',
        data: {
          ...data,
          linkId: 2,
          invitedAt: '2026-11-22T10:00:00.000Z',
          expiresAt: '2026-11-23T10:00:00.000Z',
          keyHash: 'a'.repeat(64),
          keyNonce: 'n'.repeat(16),
        },
      }),
    ).toEqual([]);
    expect(when({ type: 'invitation.accepted.v1', data: { ...data, userId: 9, notifyReferrerOnJoin: false, linkId: 2 } })).toEqual([]);
  });

  it('tells the human administrators and owners of every export change, with every export after it', () => {
    const requested = (exportId: number): DomainEvent => ({
      type: 'realm_export.requested.v1',
      data: {
        exportId,
        exportType: 1,
        actingUserId: 1,
        requestedAt: '2026-11-22T10:00:00.500Z',
        path: `exports/1/r${exportId}/zulip-export-${exportId}.tar.gz`,
      },
    });
    const { when } = given(
      user(1, { role: Role.OWNER }),
      user(2, { role: Role.ADMINISTRATOR }),
      user(3),
      user(4, { role: Role.ADMINISTRATOR, isBot: true }),
      requested(1),
    );
    const view = {
      id: 1,
      export_time: Date.parse('2026-11-22T10:00:00.000Z') / 1000,
      acting_user_id: 1,
      deleted_timestamp: null,
      failed_timestamp: null,
      export_type: 1,
    };
    expect(
      when({
        type: 'realm_export.succeeded.v1',
        data: { exportId: 1, succeededAt: '2026-11-22T10:01:00.000Z', size: 10, sha256: 'a'.repeat(64) },
      }),
    ).toEqual([
      {
        users: [1, 2],
        event: {
          type: 'realm_export',
          exports: [{ ...view, export_url: 'https://chat.example.com/user_avatars/exports/1/r1/zulip-export-1.tar.gz', pending: false }],
        },
        variants: undefined,
      },
    ]);
    expect(when(requested(2))).toEqual([
      {
        users: [1, 2],
        event: {
          type: 'realm_export',
          exports: [
            { ...view, export_url: null, pending: true },
            { ...view, id: 2, export_url: null, pending: true },
          ],
        },
        variants: undefined,
      },
    ]);
  });

  it("tells the human administrators of a user's export consent, as it changes and when the user comes back", () => {
    const state = given(
      user(1, { role: Role.OWNER }),
      user(2),
      { type: 'user.settings_changed.v1', data: { userId: 2, property: 'allow_private_data_export', value: true } },
      { type: 'user.deactivated.v1', data: { userId: 2 } },
    );
    expect(state.when({ type: 'user.reactivated.v1', data: { userId: 2 } })).toContainEqual({
      users: [1],
      event: { type: 'realm_export_consent', user_id: 2, consented: true },
      variants: undefined,
    });
    expect(
      state.when({ type: 'user.settings_changed.v1', data: { userId: 2, property: 'allow_private_data_export', value: false } }),
    ).toEqual([
      {
        users: [2],
        event: { type: 'user_settings', op: 'update', property: 'allow_private_data_export', value: false },
        variants: undefined,
      },
      { users: [1], event: { type: 'realm_export_consent', user_id: 2, consented: false }, variants: undefined },
    ]);
  });

  it('tells the owner of an attachment of each change, with the organization’s space used after it', () => {
    const uploaded = (attachmentId: number, ownerId: number, size: number): DomainEvent => ({
      type: 'attachment.uploaded.v1',
      data: {
        attachmentId,
        ownerId,
        size,
        pathId: `1/ab/${'x'.repeat(24)}/f${attachmentId}.txt`,
        name: `f${attachmentId}.txt`,
        contentType: 'text/plain',
        createdAt: '2026-11-22T10:00:00.900Z',
      },
    });
    const { when } = given(user(1), user(2), uploaded(1, 2, 100));
    expect(when(uploaded(2, 1, 5))).toEqual([
      {
        users: [1],
        event: {
          type: 'attachment',
          op: 'add',
          attachment: {
            id: 2,
            name: 'f2.txt',
            path_id: `1/ab/${'x'.repeat(24)}/f2.txt`,
            size: 5,
            create_time: Date.parse('2026-11-22T10:00:00.000Z'),
            messages: [],
          },
          upload_space_used: 105,
        },
        variants: undefined,
      },
    ]);
    expect(
      when({ type: 'attachment.claimed.v1', data: { attachmentId: 1, messageId: 8, dateSent: '2026-11-22T11:00:00.000Z' } })[0]!.event,
    ).toMatchObject({
      op: 'update',
      attachment: { id: 1, messages: [{ id: 8, date_sent: Date.parse('2026-11-22T11:00:00.000Z') }] },
      upload_space_used: 100,
    });
    expect(when({ type: 'attachment.removed.v1', data: { attachmentId: 1, ownerId: 2, pathId: 'p', size: 100 } })).toEqual([
      { users: [2], event: { type: 'attachment', op: 'remove', attachment: { id: 1 }, upload_space_used: 0 }, variants: undefined },
    ]);
  });

  it('sends presence in the modern form to queues that declared simplified_presence_events, the legacy form to the others', () => {
    const { when } = given(user(1), user(2), { type: 'presence.changed.v1', data: { userId: 2, status: 'active', timestamp: 100 } });
    const deliveries = clientEventsOfRaw(
      given(user(1), user(2), { type: 'presence.changed.v1', data: { userId: 2, status: 'active', timestamp: 100 } }),
      {
        type: 'presence.changed.v1',
        data: { userId: 2, status: 'idle', timestamp: 160 },
      },
    );
    expect(deliveries.map((d) => [d.event, d.onlyIf?.[0]?.present])).toEqual([
      [{ type: 'presence', presences: { 2: { active_timestamp: 100, idle_timestamp: 160 } } }, true],
      [
        {
          type: 'presence',
          user_id: 2,
          email: 'u2@example.com',
          server_timestamp: 160,
          presence: { website: { client: 'website', status: 'idle', timestamp: 160, pushable: false } },
        },
        false,
      ],
    ]);
    expect(when({ type: 'presence.changed.v1', data: { userId: 2, status: 'active', timestamp: 200 } })[0]!.users).toEqual([1, 2]);
  });

  it('tells a user of their push registration’s status', () => {
    const { when } = given(user(1));
    expect(
      when({ type: 'push_device.registration_failed.v1', data: { userId: 1, pushAccountId: 77, errorCode: 'INVALID_BOUNCER_PUBLIC_KEY' } }),
    ).toEqual([
      {
        users: [1],
        event: { type: 'push_device', push_account_id: '77', status: 'failed', error_code: 'INVALID_BOUNCER_PUBLIC_KEY' },
        variants: undefined,
      },
    ]);
  });

  describe('channels and subscriptions', () => {
    it('tells a new subscriber of the subscription with the subscribers after it, and the channel’s viewers of the peer', () => {
      const deliveries = clientEventsOfRaw(given(user(1), user(2), user(3, { role: Role.GUEST }), ...channel(5, [1])), {
        type: 'channel.subscribers_added.v1',
        data: { channelId: 5, channelName: 'general', subscribers: [{ userId: 2, color: '#c2c2c2' }] },
      });
      expect(deliveries.map((d) => [d.userIds, d.event.op])).toEqual([
        [[2], 'add'],
        [[1], 'peer_add'],
      ]);
      expect(deliveries[0]!.event.subscriptions).toEqual([
        expect.objectContaining({
          stream_id: 5,
          name: 'general',
          color: '#c2c2c2',
          subscribers: [1, 2],
          subscriber_count: 2,
          first_message_id: null,
        }),
      ]);
      expect(deliveries[1]!.event).toEqual({ type: 'subscription', op: 'peer_add', stream_ids: [5], user_ids: [2] });
    });

    const changed = (userId: number, property: string, value: string | boolean): DomainEvent =>
      ({ type: 'subscription.property_changed.v1', data: { userId, channelId: 5, property, value } }) as DomainEvent;

    it('tells the user alone of a changed subscription setting, a muting first as the legacy in_home_view', () => {
      const state = given(user(1), user(2), ...channel(5, [1, 2]));
      expect(state.when(changed(2, 'color', '#ABC'))).toEqual([
        { users: [2], event: { type: 'subscription', op: 'update', property: 'color', value: '#ABC', stream_id: 5 }, variants: undefined },
      ]);
      expect(state.when(changed(2, 'is_muted', true)).map((d) => [d.users, d.event])).toEqual([
        [[2], { type: 'subscription', op: 'update', property: 'in_home_view', value: false, stream_id: 5 }],
        [[2], { type: 'subscription', op: 'update', property: 'is_muted', value: true, stream_id: 5 }],
      ]);
      expect(state.when(changed(2, 'push_notifications', false)).map((d) => d.event.property)).toEqual(['push_notifications']);
    });

    it('shows a user subscribing again the settings they changed of their earlier subscription', () => {
      const state = given(
        user(1),
        user(2),
        ...channel(5, [1, 2]),
        changed(2, 'color', '#123456'),
        changed(2, 'is_muted', true),
        changed(2, 'pin_to_top', true),
        changed(2, 'desktop_notifications', false),
      );
      state.directory.apply({ type: 'channel.subscribers_removed.v1', data: { channelId: 5, channelName: 'general', userIds: [2] } });
      const [add] = state.when({
        type: 'channel.subscribers_added.v1',
        data: { channelId: 5, channelName: 'general', subscribers: [{ userId: 2, color: '#76ce90' }] },
      });
      expect(add!.event.subscriptions).toEqual([
        expect.objectContaining({
          color: '#123456',
          is_muted: true,
          in_home_view: false,
          pin_to_top: true,
          desktop_notifications: false,
          push_notifications: null,
          wildcard_mentions_notify: null,
        }),
      ]);
    });

    it('tells removed subscribers of the removal and those still seeing the channel of the peer', () => {
      const deliveries = given(user(1), user(2), ...channel(5, [1, 2])).when({
        type: 'channel.subscribers_removed.v1',
        data: { channelId: 5, channelName: 'general', userIds: [2] },
      });
      expect(deliveries).toEqual([
        {
          users: [2],
          event: { type: 'subscription', op: 'remove', subscriptions: [{ name: 'general', stream_id: 5 }] },
          variants: undefined,
        },
        { users: [1], event: { type: 'subscription', op: 'peer_remove', stream_ids: [5], user_ids: [2] }, variants: undefined },
      ]);
    });

    const subscribe = (channelId: number, ...userIds: number[]): DomainEvent => ({
      type: 'channel.subscribers_added.v1',
      data: { channelId, channelName: 'general', subscribers: userIds.map((userId) => ({ userId, color: '#c2c2c2' })) },
    });
    const streamOps = (deliveries: ReturnType<ReturnType<typeof given>['when']>) =>
      deliveries.filter((d) => d.event.type === 'stream').map((d) => [d.users, d.event.op]);

    it('tells a member added to a private channel of the channel before the subscription, and not an administrator, who sees it already', () => {
      const deliveries = given(user(1), user(2), user(3, { role: Role.ADMINISTRATOR }), ...channel(5, [1], { inviteOnly: true })).when(
        subscribe(5, 2, 3),
      );
      expect(deliveries.map((d) => [d.users, d.event.type, d.event.op])).toEqual([
        [[2], 'stream', 'create'],
        [[2], 'subscription', 'add'],
        [[3], 'subscription', 'add'],
        [[1], 'subscription', 'peer_add'],
      ]);
      expect(deliveries[0]!.event.streams).toEqual([expect.objectContaining({ stream_id: 5, invite_only: true, subscriber_count: 3 })]);
    });

    it('tells a guest added to a public channel of the channel, but not of a web-public one, which guests see already', () => {
      const guest = user(2, { role: Role.GUEST });
      expect(streamOps(given(user(1), guest, ...channel(5, [1])).when(subscribe(5, 2)))).toEqual([[[2], 'create']]);
      expect(streamOps(given(user(1), guest, ...channel(5, [1], { isWebPublic: true })).when(subscribe(5, 2)))).toEqual([]);
    });

    it('tells a member removed from a private channel that it is gone, after the removal, and not an administrator', () => {
      const deliveries = given(user(1), user(2), user(3, { role: Role.OWNER }), ...channel(5, [1, 2, 3], { inviteOnly: true })).when({
        type: 'channel.subscribers_removed.v1',
        data: { channelId: 5, channelName: 'general', userIds: [2, 3] },
      });
      expect(deliveries.map((d) => [d.users, d.event.type, d.event.op])).toEqual([
        [[2, 3], 'subscription', 'remove'],
        [[2], 'stream', 'delete'],
        [[1], 'subscription', 'peer_remove'],
      ]);
      expect(deliveries[1]!.event).toEqual({ type: 'stream', op: 'delete', streams: [{ stream_id: 5 }], stream_ids: [5] });
    });

    it('tells a member who becomes a guest of the public channels they no longer see, keeping those subscribed and web-public', () => {
      const state = given(
        user(1),
        user(2),
        ...channel(5, [1]),
        ...channel(6, [2]),
        ...channel(7, [1], { isWebPublic: true }),
        ...channel(8, [1]),
      );
      const deliveries = state.when({ type: 'user.role_changed.v1', data: { userId: 2, role: Role.GUEST } });
      expect(deliveries.filter((d) => d.event.type === 'stream')).toEqual([
        {
          users: [2],
          event: { type: 'stream', op: 'delete', streams: [{ stream_id: 5 }, { stream_id: 8 }], stream_ids: [5, 8] },
          variants: undefined,
        },
      ]);
    });

    it('tells a member who becomes an administrator of the private channels they now see, with each one’s subscribers', () => {
      const state = given(
        user(1),
        user(2),
        ...channel(5, [1], { inviteOnly: true }),
        ...channel(6, [], { inviteOnly: true }),
        ...channel(7, [1]),
      );
      const deliveries = state.when({ type: 'user.role_changed.v1', data: { userId: 2, role: Role.ADMINISTRATOR } });
      expect(
        deliveries.filter((d) => d.users.length === 1).map((d) => [d.event.type, d.event.op, d.event.streams ?? d.event.stream_ids]),
      ).toEqual([
        ['stream', 'create', [expect.objectContaining({ stream_id: 5 }), expect.objectContaining({ stream_id: 6 })]],
        ['subscription', 'peer_add', [5]],
      ]);
      expect(deliveries[0]!.users).toEqual([1, 2]);
    });

    describe('access granted by a private channel’s group settings', () => {
      type GroupData = Extract<DomainEvent, { type: 'user_group.created.v1' }>['data'];
      const group = (groupId: number, memberIds: number[], extra: Partial<GroupData> = {}): DomainEvent => ({
        type: 'user_group.created.v1',
        data: {
          groupId,
          name: `g${groupId}`,
          description: '',
          memberIds,
          subgroupIds: [],
          creatorId: 1,
          dateCreated: null,
          isSystemGroup: false,
          settings: {} as never,
          ...extra,
        },
      });
      const nobody = Object.fromEntries(CHANNEL_GROUP_SETTINGS.map((name) => [name, 1])) as ChannelData['settings'];
      /** Channel 5, private, subscribed by user 1, whose `can_subscribe_group` is group 20. */
      const grantedTo20 = (): DomainEvent[] => [
        group(1, [], { isSystemGroup: true }),
        ...channel(5, [1], { inviteOnly: true, settings: { ...nobody, can_subscribe_group: 20 } }),
      ];
      const added = (groupId: number, ...userIds: number[]): DomainEvent => ({
        type: 'user_group.members_added.v1',
        data: { groupId, userIds },
      });

      it('counts the holders of the channel’s access-granting groups among those who see it, and not a guest in such a group', () => {
        const state = given(user(1), user(2), user(3), user(4, { role: Role.GUEST }), group(20, [2, 4]), ...grantedTo20());
        expect(state.directory.channelViewerIds(state.directory.channel(5)!).sort()).toEqual([1, 2]);
      });

      it('tells a member added to the group of the channel and its subscribers, after the group event; the others hear only of the group', () => {
        const deliveries = given(user(1), user(2), user(3), group(20, []), ...grantedTo20()).when(added(20, 2));
        expect(deliveries.map((d) => [d.users, d.event.type, d.event.op])).toEqual([
          [[1, 2, 3], 'user_group', 'add_members'],
          [[2], 'stream', 'create'],
          [[2], 'subscription', 'peer_add'],
        ]);
        expect(deliveries[1]!.event.streams).toEqual([expect.objectContaining({ stream_id: 5, invite_only: true })]);
        expect(deliveries[2]!.event).toEqual({ type: 'subscription', op: 'peer_add', stream_ids: [5], user_ids: [1] });
      });

      it('tells the members of a subgroup added to the granting group, and tells a member removed from it that the channel is gone', () => {
        const state = given(user(1), user(2), user(3), group(20, [3]), group(30, [2]), ...grantedTo20());
        expect(streamOps(state.when({ type: 'user_group.subgroups_added.v1', data: { groupId: 20, subgroupIds: [30] } }))).toEqual([
          [[2], 'create'],
        ]);
        expect(streamOps(state.when({ type: 'user_group.members_removed.v1', data: { groupId: 20, userIds: [3] } }))).toEqual([
          [[3], 'delete'],
        ]);
      });

      it('tells no one of the channel when the group change grants nothing new: a subscriber, an administrator, a guest', () => {
        const state = given(user(1), user(2, { role: Role.ADMINISTRATOR }), user(3, { role: Role.GUEST }), group(20, []), ...grantedTo20());
        expect(streamOps(state.when(added(20, 1, 2, 3)))).toEqual([]);
      });

      it('applies group events to the directory, so later deliveries follow the new membership', () => {
        const state = given(user(1), user(2), group(20, []), ...grantedTo20());
        state.directory.apply(added(20, 2));
        expect(state.directory.channelViewerIds(state.directory.channel(5)!).sort()).toEqual([1, 2]);
        expect(streamOps(state.when(subscribe(5, 2)))).toEqual([]);
      });
    });
  });

  describe('default channels', () => {
    it('tells everyone but guests the whole list of default channels after each change', () => {
      const state = given(user(1), user(2, { role: Role.GUEST }), user(3), ...channel(5, []), ...channel(6, []));
      state.directory.apply({ type: 'default_channel.added.v1', data: { channelId: 6 } });
      expect(state.when({ type: 'default_channel.added.v1', data: { channelId: 5 } })).toEqual([
        { users: [1, 3], event: { type: 'default_streams', default_streams: [5, 6] }, variants: undefined },
      ]);
      expect(state.when({ type: 'default_channel.removed.v1', data: { channelId: 6 } })).toEqual([
        { users: [1, 3], event: { type: 'default_streams', default_streams: [] }, variants: undefined },
      ]);
    });
  });

  describe('message changes', () => {
    const where = (topic: string) => ({ type: 'channel' as const, channelId: 5, topic });

    it('tells the channel’s readers of a content edit with the previous content and their flags', () => {
      const deliveries = given(user(1), user(2), ...channel(5, [1, 2])).when({
        type: 'message.content_edited.v1',
        data: {
          messageId: 7,
          editorId: 1,
          content: 'b',
          renderedContent: '<p>b</p>',
          prevContent: 'a',
          prevRenderedContent: '<p>a</p>',
          editedAt: '2026-11-22T10:00:05.000Z',
          conversation: where('lunch'),
        },
      });
      expect(deliveries.map((d) => [d.users, d.event.flags])).toEqual([
        [[1], ['read']],
        [[2], []],
      ]);
      expect(deliveries[1]!.event).toMatchObject({
        type: 'update_message',
        user_id: 1,
        message_id: 7,
        message_ids: [7],
        stream_id: 5,
        stream_name: 'general',
        orig_content: 'a',
        content: 'b',
        rendered_content: '<p>b</p>',
        rendering_only: false,
      });
    });

    it('names the empty topic as "general chat" for queues that did not declare empty_topic_name', () => {
      const deliveries = clientEventsOfRaw(given(user(1), ...channel(5, [1])), {
        type: 'messages.deleted.v1',
        data: { messageIds: [8, 7], conversation: where('') },
      });
      expect(deliveries.map((d) => [d.event, d.onlyIf])).toEqual([
        [
          { type: 'delete_message', message_ids: [7, 8], message_type: 'stream', stream_id: 5, topic: '' },
          [
            { capability: 'bulk_message_deletion', present: true },
            { capability: 'empty_topic_name', present: true },
          ],
        ],
        [
          { type: 'delete_message', message_id: 8, message_type: 'stream', stream_id: 5, topic: '' },
          [
            { capability: 'bulk_message_deletion', present: false },
            { capability: 'empty_topic_name', present: true },
          ],
        ],
        [
          { type: 'delete_message', message_id: 7, message_type: 'stream', stream_id: 5, topic: '' },
          [
            { capability: 'bulk_message_deletion', present: false },
            { capability: 'empty_topic_name', present: true },
          ],
        ],
        [
          { type: 'delete_message', message_ids: [7, 8], message_type: 'stream', stream_id: 5, topic: 'general chat' },
          [
            { capability: 'bulk_message_deletion', present: true },
            { capability: 'empty_topic_name', present: false },
          ],
        ],
        [
          { type: 'delete_message', message_id: 8, message_type: 'stream', stream_id: 5, topic: 'general chat' },
          [
            { capability: 'bulk_message_deletion', present: false },
            { capability: 'empty_topic_name', present: false },
          ],
        ],
        [
          { type: 'delete_message', message_id: 7, message_type: 'stream', stream_id: 5, topic: 'general chat' },
          [
            { capability: 'bulk_message_deletion', present: false },
            { capability: 'empty_topic_name', present: false },
          ],
        ],
      ]);
    });

    it('tells the readers of a channel’s oldest message deleted of its new first_message_id', () => {
      const deliveries = given(user(1), ...channel(5, [1])).when({
        type: 'messages.deleted.v1',
        data: { messageIds: [7], conversation: where('t'), channelFirstMessageId: 9 },
      });
      expect(deliveries.at(-1)!.event).toEqual({
        type: 'stream',
        op: 'update',
        stream_id: 5,
        name: 'general',
        property: 'first_message_id',
        value: 9,
      });
    });

    it('applies and delivers a move of 200,000 messages (a spread of their ids overflowed the stack)', () => {
      const messageIds = Array.from({ length: 200_000 }, (_, i) => 1_000 + i);
      const state = given(user(1), ...channel(5, [1]), ...channel(6, [1]));
      const move: DomainEvent = {
        type: 'messages.moved.v1',
        data: {
          messageId: 1_000,
          messageIds,
          editorId: 1,
          from: { channelId: 5, topic: 'a' },
          to: { channelId: 6, topic: 'b' },
          propagateMode: 'change_all',
          resolved: null,
          movedAt: '2026-11-22T10:00:09.000Z',
          withContentEdit: false,
          policyChanges: [],
        },
      };
      expect(clientEventsOfRaw(state, move)).not.toHaveLength(0);
      state.directory.apply(move);
      expect(state.directory.channel(6)?.firstMessageId).toBe(1_000);
    });

    it('tells readers of both channels of a move, and those who cannot follow into a private channel that the messages left', () => {
      const privateChannel = channel(6, [2]).map((e) =>
        e.type === 'channel.created.v1' ? { ...e, data: { ...e.data, name: 'secret', inviteOnly: true } } : e,
      ) as DomainEvent[];
      const deliveries = clientEventsOfRaw(given(user(1), user(2), ...channel(5, [1, 2]), ...privateChannel), {
        type: 'messages.moved.v1',
        data: {
          messageId: 7,
          messageIds: [7, 8],
          editorId: 2,
          from: { channelId: 5, topic: 'a' },
          to: { channelId: 6, topic: 'b' },
          propagateMode: 'change_all',
          resolved: null,
          movedAt: '2026-11-22T10:00:09.000Z',
          withContentEdit: false,
          policyChanges: [],
        },
      });
      expect(deliveries[0]).toEqual({
        userIds: [2],
        event: {
          type: 'update_message',
          user_id: 2,
          edit_timestamp: Math.floor(Date.parse('2026-11-22T10:00:09.000Z') / 1000),
          message_id: 7,
          message_ids: [7, 8],
          flags: [],
          rendering_only: false,
          stream_id: 5,
          stream_name: 'general',
          propagate_mode: 'change_all',
          orig_subject: 'a',
          new_stream_id: 6,
          subject: 'b',
          topic_links: [],
        },
      });
      expect(deliveries.slice(1).map((d) => [d.userIds, d.event.type])).toEqual([
        [[1], 'delete_message'],
        [[1], 'delete_message'],
        [[1], 'delete_message'],
      ]);
    });
  });
});
