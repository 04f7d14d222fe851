import { createHash } from 'node:crypto';
import { Role } from '@zulip-es/contracts';
import { channel } from '../../testing/channels.fixtures';
import { channelMessage, editState } from '../../testing/messages.fixtures';
import { contextOf, organization, U, withRealmSetting } from '../../testing/users.fixtures';
import type { UsersReadModel } from '../../users-read-model/users-read-model';
import type { MessageState } from '../message.state';
import { checkEditMessage } from './edit-message.check';
import { decideEditMessage, type EditMessageState } from './edit-message.decide';
import { editRequest, type EditMessageParams } from './edit-request';

const SENT = new Date('2026-03-01T12:00:00.000Z');
const T0 = SENT.getTime() / 1000;
const at = (seconds: number): Date => new Date(SENT.getTime() + seconds * 1000);
const DAY = 24 * 3600;

const message = (overrides: Partial<MessageState> = {}): MessageState => channelMessage({ timestamp: T0, ...overrides });

const dm = (): MessageState => message({ conversation: { type: 'direct', userIds: [U.member, U.otherMember] }, recipientId: 16 });

interface Given {
  model?: UsersReadModel;
  actor?: number;
  message?: MessageState | null;
  state?: Partial<EditMessageState>;
}

function decide(params: Partial<EditMessageParams>, given: Given = {}, now = at(10)) {
  const ctx = contextOf(given.model ?? organization(), given.actor ?? U.member);
  const m = given.message === undefined ? message() : given.message;
  const state = editState(ctx, {
    message: m,
    channel: channel(5, { name: 'general', subscriberIds: [U.owner, U.member] }),
    topicMessages: [
      { messageId: 10, timestamp: T0 - 100, senderId: U.member },
      { messageId: 20, timestamp: T0, senderId: U.member },
      { messageId: 30, timestamp: T0 + 5, senderId: U.member },
    ],
    wildcardAudience: { channelSubscribers: 2, topicParticipants: 1 },
    ...given.state,
  });
  const request = editRequest({
    message_id: 20,
    propagate_mode: 'change_one',
    send_notification_to_old_thread: false,
    send_notification_to_new_thread: true,
    ...params,
  });
  return decideEditMessage(request, state, now);
}

const refused = (msg: string, code = 'BAD_REQUEST') => expect.objectContaining({ msg, code });

describe("editing a message's content", () => {
  it('given the sender within the limit, when they edit, then message.content_edited.v1 carries the new and previous content and where the message is', () => {
    const decision = decide({ content: 'hello **world**' });
    expect(decision.events).toEqual([
      {
        type: 'message.content_edited.v1',
        aggregateId: 'messages',
        sequence: 41,
        data: {
          messageId: 20,
          editorId: U.member,
          content: 'hello **world**',
          renderedContent: '<p>hello <strong>world</strong></p>',
          prevContent: 'hello',
          prevRenderedContent: '<p>hello</p>',
          editedAt: at(10).toISOString(),
          conversation: message().conversation,
        },
      },
    ]);
    expect(decision.reply).toEqual({ detached_uploads: [] });
    expect(decision.notices).toEqual([]);
  });

  it('given whitespace-only content, then the message reads (deleted)', () => {
    expect(decide({ content: '   ' }).events[0].data).toMatchObject({ content: '(deleted)' });
  });

  it.each([U.owner, U.admin, U.moderator, U.otherMember, U.guest])(
    'given user %i who is not the sender, then they may not edit the content',
    (actor) => {
      expect(() => decide({ content: 'x' }, { actor })).toThrow(refused("You don't have permission to edit this message"));
    },
  );

  it('given the organization turned editing off, then no one edits content', () => {
    const model = withRealmSetting(organization(), 'allow_message_editing', false);
    expect(() => decide({ content: 'x' }, { model })).toThrow(refused('Your organization has turned off message editing'));
  });

  it('given the 600 s limit, then an edit is allowed up to 20 s of grace after it and refused later', () => {
    expect(decide({ content: 'x' }, {}, at(620)).events).toHaveLength(1);
    expect(() => decide({ content: 'x' }, {}, at(621))).toThrow(refused('The time limit for editing this message has passed'));
    const model = withRealmSetting(organization(), 'message_content_edit_limit_seconds', null);
    expect(decide({ content: 'x' }, { model }, at(10 * DAY)).events).toHaveLength(1);
  });

  it('given prev_content_sha256, then a stale hash is refused with EXPECTATION_MISMATCH and the current one accepted', () => {
    expect(() => decide({ content: 'x', prev_content_sha256: 'abc' })).toThrow(
      refused("'prev_content_sha256' value does not match the expected value.", 'EXPECTATION_MISMATCH'),
    );
    const hash = createHash('sha256').update('hello').digest('hex');
    expect(decide({ content: 'x', prev_content_sha256: hash }).events).toHaveLength(1);
  });

  it('given content and stream_id together, then the edit is refused', () => {
    expect(() => decide({ content: 'x', stream_id: 6 }, { state: { targetChannel: channel(6) } })).toThrow(
      refused('Cannot change message content while changing channel'),
    );
  });

  it('given nothing to change (or the current topic), then Nothing to change; given no readable message, Invalid message(s)', () => {
    expect(() => decide({})).toThrow(refused('Nothing to change'));
    expect(() => decide({ topic: ' lunch ' })).toThrow(refused('Nothing to change'));
    expect(() => decide({ content: 'x' }, { message: null })).toThrow(refused('Invalid message(s)'));
  });

  it('given an unknown propagate_mode, or one without a topic or channel change, then it is refused', () => {
    expect(() => decide({ topic: 'x', propagate_mode: 'change_some' })).toThrow(refused('Invalid propagate_mode'));
    expect(() => decide({ content: 'x', propagate_mode: 'change_all' })).toThrow(refused('Invalid propagate_mode without topic edit'));
  });

  it('given a direct message, then it can be edited but not given a topic nor moved to a channel', () => {
    expect(decide({ content: 'x' }, { message: dm(), state: { channel: null } }).events).toHaveLength(1);
    expect(() => decide({ topic: 'x' }, { message: dm(), state: { channel: null } })).toThrow(
      refused('Direct messages cannot have topics.'),
    );
    expect(() => decide({ stream_id: 5 }, { message: dm(), state: { channel: null } })).toThrow(
      refused('Direct messages cannot be moved to channels.'),
    );
  });
});

describe('wildcard mentions in edited content', () => {
  const big = { wildcardAudience: { channelSubscribers: 16, topicParticipants: 16 } };
  it.each(['@**all**', '@**everyone**', '@**channel**', '@**stream**'])(
    'given a member and more than 15 subscribers, then %s is refused',
    (mention) => {
      expect(() => decide({ content: `hi ${mention}` }, { state: big })).toThrow(
        refused('You do not have permission to use channel wildcard mentions in this channel.', 'STREAM_WILDCARD_MENTION_NOT_ALLOWED'),
      );
    },
  );

  it('given a member and more than 15 topic participants, then @**topic** is refused', () => {
    expect(() => decide({ content: 'hi @**topic**' }, { state: big })).toThrow(
      refused('You do not have permission to use topic wildcard mentions in this topic.', 'TOPIC_WILDCARD_MENTION_NOT_ALLOWED'),
    );
  });

  it('given 15 people or fewer, silent or quoted wildcards, or an administrator (can_mention_many_users_group), then wildcards are accepted', () => {
    expect(
      decide({ content: '@**all** @**topic**' }, { state: { wildcardAudience: { channelSubscribers: 15, topicParticipants: 15 } } }).events,
    ).toHaveLength(1);
    expect(decide({ content: '@_**all** `@**all**`' }, { state: big }).events).toHaveLength(1);
    expect(
      decide({ content: '@**all** @**topic**' }, { state: big, actor: U.admin, message: message({ senderId: U.admin }) }).events,
    ).toHaveLength(1);
  });

  it('given a smaller configured threshold, then it applies', () => {
    expect(() => decide({ content: '@**all**' }, { state: { wildcardThreshold: 1 } })).toThrow(
      expect.objectContaining({ code: 'STREAM_WILDCARD_MENTION_NOT_ALLOWED' }),
    );
  });
});

describe('moving messages to another topic', () => {
  it('given change_one, then only the message moves and the new topic gets the link breadcrumb', () => {
    const decision = decide({ topic: 'dinner' });
    expect(decision.events).toEqual([
      {
        type: 'messages.moved.v1',
        aggregateId: 'messages',
        sequence: 41,
        data: {
          messageId: 20,
          messageIds: [20],
          editorId: U.member,
          from: { channelId: 5, topic: 'lunch' },
          to: { channelId: 5, topic: 'dinner' },
          propagateMode: 'change_one',
          resolved: null,
          movedAt: at(10).toISOString(),
          withContentEdit: false,
          policyChanges: [],
        },
      },
    ]);
    expect(decision.notices).toEqual([
      {
        channelId: 5,
        topic: 'dinner',
        content: `[A message](#narrow/channel/5-general/topic/dinner/near/20) was moved here from #**general>lunch** by @_**Person ${U.member}|${U.member}**.`,
      },
    ]);
  });

  it('given change_later with both notifications, then the message and later ones move, with counted breadcrumbs in both topics', () => {
    const decision = decide({ topic: 'dinner', propagate_mode: 'change_later', send_notification_to_old_thread: true });
    expect(decision.events[0].data).toMatchObject({ messageIds: [20, 30], propagateMode: 'change_later' });
    const mover = `@_**Person ${U.member}|${U.member}**`;
    expect(decision.notices).toEqual([
      { channelId: 5, topic: 'dinner', content: `2 messages were moved here from #**general>lunch** by ${mover}.` },
      { channelId: 5, topic: 'lunch', content: `2 messages were moved from this topic to #**general>dinner** by ${mover}.` },
    ]);
  });

  it("given change_all, then the whole topic moves, users' policies follow it, and the breadcrumbs say the topic moved", () => {
    const decision = decide(
      { topic: 'dinner', propagate_mode: 'change_all', send_notification_to_old_thread: true },
      {
        state: {
          policies: {
            from: new Map([[U.owner, 1]]),
            to: new Map(),
            targetTopicHasMessages: false,
            usersLosingAccess: new Set(),
            userVersions: new Map(),
          },
        },
      },
    );
    expect(decision.events[0].data).toMatchObject({
      messageIds: [10, 20, 30],
      policyChanges: [
        { userId: U.owner, channelId: 5, topicName: 'lunch', visibilityPolicy: 0, lastUpdated: T0 + 10 },
        { userId: U.owner, channelId: 5, topicName: 'dinner', visibilityPolicy: 1, lastUpdated: T0 + 10 },
      ],
    });
    expect(decision.notices.map((n) => n.content)).toEqual([
      `This topic was moved here from #**general>lunch** by @_**Person ${U.member}|${U.member}**.`,
      `This topic was moved to #**general>dinner** by @_**Person ${U.member}|${U.member}**.`,
    ]);
  });

  it('given a partial move, then policies stay; given send_notification_to_new_thread false, then no breadcrumb', () => {
    const policies = {
      from: new Map([[U.owner, 1 as const]]),
      to: new Map(),
      targetTopicHasMessages: false,
      usersLosingAccess: new Set<number>(),
      userVersions: new Map(),
    };
    const decision = decide({ topic: 'dinner', send_notification_to_new_thread: false }, { state: { policies } });
    expect(decision.events[0].data).toMatchObject({ policyChanges: [] });
    expect(decision.notices).toEqual([]);
  });

  it('given the "general chat" display name, then the message moves to the empty topic; a too long name is truncated', () => {
    expect(decide({ topic: 'general chat' }).events[0].data).toMatchObject({ to: { channelId: 5, topic: '' } });
    expect(decide({ subject: 'x'.repeat(70) }).events[0].data).toMatchObject({ to: { topic: `${'x'.repeat(57)}...` } });
    expect(() => decide({ topic: 'a\u0000b' })).toThrow(refused('Invalid character in topic, at position 2!'));
  });

  it('given a destination channel whose topics policy refuses the topic, then the move is refused as sending there would be', () => {
    const requiresTopics = channel(5, { name: 'general', topicsPolicy: 'disable_empty_topic' });
    expect(() => decide({ topic: '' }, { state: { channel: requiresTopics } })).toThrow(
      refused('Sending messages to the general chat topic is not allowed in this channel.', 'TOPICS_REQUIRED'),
    );
    const onlyEmpty = channel(6, { name: 'chat', topicsPolicy: 'empty_topic_only' });
    expect(() => decide({ stream_id: 6 }, { state: { targetChannel: onlyEmpty } })).toThrow(
      refused('Only the general chat topic is allowed in this channel.'),
    );
  });

  it('given content and topic together, then both events are decided in order', () => {
    expect(decide({ content: 'new', topic: 'dinner' }).events.map((e) => [e.type, e.sequence])).toEqual([
      ['message.content_edited.v1', 41],
      ['messages.moved.v1', 42],
    ]);
  });

  it.each([
    [Role.OWNER, U.owner, true],
    [Role.ADMINISTRATOR, U.admin, true],
    [Role.MODERATOR, U.moderator, true],
    [Role.MEMBER, U.member, false],
    [Role.GUEST, U.guest, false],
  ])(
    'given can_move_messages_between_topics_group = moderators and a channel allowing nobody, then role %i (user %i) may move: %s',
    (_role, actor, allowed) => {
      const model = withRealmSetting(organization(), 'can_move_messages_between_topics_group', 4);
      const move = () =>
        decide(
          { topic: 'dinner' },
          { model, actor, state: { channel: channel(5, { name: 'general', settings: { can_move_messages_within_channel_group: 1 } }) } },
        );
      if (allowed) expect(move().events).toHaveLength(1);
      else expect(move).toThrow(refused("You don't have permission to edit this message"));
    },
  );

  it("given the channel's can_move_messages_within_channel_group, then its members move topics the organization does not let them", () => {
    const model = withRealmSetting(organization(), 'can_move_messages_between_topics_group', 1);
    const inChannel = channel(5, {
      name: 'general',
      settings: { can_move_messages_within_channel_group: { directMembers: [U.member], directSubgroups: [] } },
    });
    expect(decide({ topic: 'dinner' }, { model, state: { channel: inChannel } }).events).toHaveLength(1);
  });

  it('given the 7-day topic limit, then members are refused past it (20 s grace) and moderators are not', () => {
    const late = at(7 * DAY + 21);
    expect(() => decide({ topic: 'dinner' }, {}, late)).toThrow(refused("The time limit for editing this message's topic has passed."));
    expect(decide({ topic: 'dinner' }, {}, at(7 * DAY + 20)).events).toHaveLength(1);
    expect(decide({ topic: 'dinner' }, { actor: U.moderator }, late).events).toHaveLength(1);
    expect(decide({ topic: 'dinner' }, { actor: U.admin }, late).events).toHaveLength(1);
  });
});

describe('starting a topic by a move (can_create_topic_group)', () => {
  const NEW_TOPIC_REFUSED = 'You do not have permission to create new topics in this channel.';
  const onlyMember = channel(5, {
    name: 'general',
    settings: { can_create_topic_group: { directMembers: [U.member], directSubgroups: [] } },
  });
  const moderatorsOnly = channel(6, { name: 'quiet', settings: { can_create_topic_group: 4 } });

  it('given a channel where only some users start topics, when someone else moves to a new topic, then it is refused, administrators included', () => {
    for (const actor of [U.owner, U.admin, U.otherMember]) {
      const theirs = message({ senderId: actor });
      expect(() => decide({ topic: 'dinner' }, { actor, message: theirs, state: { channel: onlyMember } })).toThrow(
        refused(NEW_TOPIC_REFUSED),
      );
    }
  });

  it('given the same channel, when a member of the group moves to a new topic, then it moves', () => {
    expect(decide({ topic: 'dinner' }, { state: { channel: onlyMember } }).events[0].data).toMatchObject({
      to: { channelId: 5, topic: 'dinner' },
    });
  });

  it('given a destination topic that already has messages, when anyone who may move moves there, then it moves', () => {
    const theirs = message({ senderId: U.otherMember });
    expect(
      decide({ topic: 'dinner' }, { actor: U.otherMember, message: theirs, state: { channel: onlyMember, targetTopicExists: true } })
        .events,
    ).toHaveLength(1);
  });

  it('given a restricted channel, when a topic is resolved (a new "✔ " topic), then no topic-creation permission is needed', () => {
    const theirs = message({ senderId: U.otherMember });
    expect(
      decide({ topic: '✔ lunch' }, { actor: U.otherMember, message: theirs, state: { channel: onlyMember } }).events[0].data,
    ).toMatchObject({ resolved: 'resolved' });
  });

  it('given a destination channel where only moderators start topics, when a member moves there to a new topic, then it is refused after the move permissions', () => {
    const model = withRealmSetting(organization(), 'can_move_messages_between_channels_group', 6);
    expect(() => decide({ stream_id: 6 }, { model, state: { targetChannel: moderatorsOnly } })).toThrow(refused(NEW_TOPIC_REFUSED));
    expect(
      decide({ stream_id: 6 }, { model, state: { targetChannel: moderatorsOnly, targetTopicExists: true } }).events[0].data,
    ).toMatchObject({ to: { channelId: 6, topic: 'lunch' } });
    const moderators = message({ senderId: U.moderator });
    expect(
      decide({ stream_id: 6 }, { model, actor: U.moderator, message: moderators, state: { targetChannel: moderatorsOnly } }).events,
    ).toHaveLength(1);
  });
});

describe('resolving and unresolving a topic', () => {
  it('given "✔ lunch" with change_all, then the topic is resolved, without time limits, with the resolve notice and no breadcrumb', () => {
    const decision = decide({ topic: '✔ lunch', propagate_mode: 'change_all' }, {}, at(30 * DAY));
    expect(decision.events[0].data).toMatchObject({
      messageIds: [10, 20, 30],
      to: { channelId: 5, topic: '✔ lunch' },
      resolved: 'resolved',
    });
    expect(decision.notices).toEqual([
      { channelId: 5, topic: '✔ lunch', content: `@_**Person ${U.member}|${U.member}** has marked this topic as resolved.` },
    ]);
  });

  it('given "lunch" for a resolved topic, then it is unresolved (any run of ✔ and spaces stripped)', () => {
    const resolved = message({ conversation: { type: 'channel', channelId: 5, topic: '✔ ✔lunch' } });
    const decision = decide({ topic: 'lunch', propagate_mode: 'change_all' }, { message: resolved });
    expect(decision.events[0].data).toMatchObject({ resolved: 'unresolved', to: { topic: 'lunch' } });
    expect(decision.notices.at(-1)).toEqual({
      channelId: 5,
      topic: 'lunch',
      content: `@_**Person ${U.member}|${U.member}** has marked this topic as unresolved.`,
    });
  });

  it('given the topic ends with a Notification Bot message younger than 60 s (a resolve just undone), then it is deleted instead of a new notice', () => {
    const resolved = message({ conversation: { type: 'channel', channelId: 5, topic: '✔ lunch' } });
    const topicMessages = [
      { messageId: 20, timestamp: T0, senderId: U.member },
      { messageId: 31, timestamp: T0 + 5, senderId: U.bot },
    ];
    const undone = decide({ topic: 'lunch', propagate_mode: 'change_all' }, { message: resolved, state: { topicMessages } }, at(65));
    expect(undone.events.map((e) => e.type)).toEqual(['messages.moved.v1', 'messages.deleted.v1']);
    expect(undone.events[1]).toMatchObject({
      sequence: 42,
      data: { messageIds: [31], conversation: { type: 'channel', channelId: 5, topic: 'lunch' } },
    });
    expect(undone.notices).toEqual([]);
    const later = decide({ topic: 'lunch', propagate_mode: 'change_all' }, { message: resolved, state: { topicMessages } }, at(66));
    expect(later.events.map((e) => e.type)).toEqual(['messages.moved.v1']);
    expect(later.notices).toHaveLength(1);
    const lastInTarget = { messageId: 40, timestamp: T0 + 60, senderId: U.member };
    expect(
      decide({ topic: 'lunch', propagate_mode: 'change_all' }, { message: resolved, state: { topicMessages, lastInTarget } }, at(65))
        .notices,
    ).toHaveLength(1);
  });

  it('given send_notification_to_old_thread, then the old topic still gets its breadcrumb', () => {
    const decision = decide({ topic: '✔ lunch', propagate_mode: 'change_all', send_notification_to_old_thread: true });
    expect(decision.notices.map((n) => n.topic)).toEqual(['lunch', '✔ lunch']);
  });

  it('given the empty topic, then it cannot be resolved', () => {
    const empty = message({ conversation: { type: 'channel', channelId: 5, topic: '' } });
    expect(() => decide({ topic: '✔ ', propagate_mode: 'change_all' }, { message: empty })).toThrow(
      refused('General chat cannot be marked as resolved'),
    );
    expect(() => decide({ topic: '✔ general chat', propagate_mode: 'change_all' }, { message: empty })).toThrow(
      refused('General chat cannot be marked as resolved'),
    );
  });

  it("given can_resolve_topics_group = moderators and the channel's = nobody, then a member may not resolve", () => {
    const model = withRealmSetting(organization(), 'can_resolve_topics_group', 4);
    expect(() => decide({ topic: '✔ lunch', propagate_mode: 'change_all' }, { model })).toThrow(
      refused("You don't have permission to resolve topics in this channel."),
    );
    expect(decide({ topic: '✔ lunch', propagate_mode: 'change_all' }, { model, actor: U.moderator }).events).toHaveLength(1);
  });
});

describe('moving messages to another channel', () => {
  const target = channel(6, { name: 'archive', subscriberIds: [U.owner] });

  it('given access to the target, then the messages move there with breadcrumbs naming both channels', () => {
    const decision = decide({ stream_id: 6, propagate_mode: 'change_all' }, { state: { targetChannel: target } });
    expect(decision.events[0].data).toMatchObject({
      messageIds: [10, 20, 30],
      from: { channelId: 5, topic: 'lunch' },
      to: { channelId: 6, topic: 'lunch' },
    });
    expect(decision.notices).toEqual([
      {
        channelId: 6,
        topic: 'lunch',
        content: `This topic was moved here from #**general>lunch** by @_**Person ${U.member}|${U.member}**.`,
      },
    ]);
  });

  it('given a target channel the actor cannot access, then Invalid channel ID', () => {
    expect(() => decide({ stream_id: 99 })).toThrow(refused('Invalid channel ID'));
  });

  it.each([
    [U.owner, true],
    [U.admin, true],
    [U.moderator, false],
    [U.member, false],
    [U.guest, false],
  ])('given can_move_messages_between_channels_group = administrators, then user %i may move: %s', (actor, allowed) => {
    const model = withRealmSetting(organization(), 'can_move_messages_between_channels_group', 3);
    const source = channel(5, { name: 'general', settings: { can_move_messages_out_of_channel_group: 1 } });
    const move = () => decide({ stream_id: 6 }, { model, actor, state: { channel: source, targetChannel: target } });
    if (allowed) expect(move().events).toHaveLength(1);
    else expect(move).toThrow(refused("You don't have permission to move this message"));
  });

  it('given a target where the actor may not post, then they may not move there', () => {
    const closed = channel(6, { name: 'archive', settings: { can_send_message_group: 3 } });
    expect(() => decide({ stream_id: 6 }, { state: { targetChannel: closed } })).toThrow(
      refused('You do not have permission to post in this channel.'),
    );
  });

  it('given the 7-day channel limit, then members are refused past it and administrators are not', () => {
    const late = at(7 * DAY + 21);
    expect(() => decide({ stream_id: 6 }, { state: { targetChannel: target } }, late)).toThrow(
      refused("The time limit for editing this message's channel has passed"),
    );
    expect(decide({ stream_id: 6 }, { actor: U.admin, state: { targetChannel: target } }, late).events).toHaveLength(1);
  });

  it("given users with policies who cannot access the target, then they lose their policy and the others' follow, each after the user's known version", () => {
    const userVersions = new Map([
      [U.owner, 4],
      [U.guest, 2],
    ]);
    const policies = {
      from: new Map([
        [U.owner, 1 as const],
        [U.guest, 2 as const],
      ]),
      to: new Map(),
      targetTopicHasMessages: false,
      usersLosingAccess: new Set([U.guest]),
      userVersions,
    };
    const decision = decide({ stream_id: 6, propagate_mode: 'change_all' }, { state: { targetChannel: target, policies } });
    expect(decision.events.find((e) => e.type === 'messages.moved.v1')?.data.policyChanges).toEqual([
      { userId: U.guest, channelId: 5, topicName: 'lunch', visibilityPolicy: 0, lastUpdated: T0 + 10, userVersion: 2 },
      { userId: U.owner, channelId: 5, topicName: 'lunch', visibilityPolicy: 0, lastUpdated: T0 + 10, userVersion: 4 },
      { userId: U.owner, channelId: 6, topicName: 'lunch', visibilityPolicy: 1, lastUpdated: T0 + 10, userVersion: 4 },
    ]);
  });
});

describe('whole-topic moves past the time limit', () => {
  const old = {
    topicMessages: [
      { messageId: 10, timestamp: T0 - 8 * DAY, senderId: U.member },
      { messageId: 12, timestamp: T0 - 8 * DAY, senderId: U.member },
      { messageId: 20, timestamp: T0, senderId: U.member },
      { messageId: 30, timestamp: T0 + 5, senderId: U.member },
    ],
  };

  it('given a member moving a topic with messages older than the limit, then MOVE_MESSAGES_TIME_LIMIT_EXCEEDED tells what they may move', () => {
    expect(() => decide({ topic: 'dinner', propagate_mode: 'change_all' }, { state: old })).toThrow(
      expect.objectContaining({
        code: 'MOVE_MESSAGES_TIME_LIMIT_EXCEEDED',
        msg: 'You only have permission to move the 2/4 most recent messages in this topic.',
        extra: { first_message_id_allowed_to_move: 20, total_messages_allowed_to_move: 2, total_messages_in_topic: 4 },
      }),
    );
  });

  it('given the retry with change_later from the first allowed id, then exactly the allowed part moves', () => {
    expect(decide({ topic: 'dinner', propagate_mode: 'change_later' }, { state: old }).events[0].data).toMatchObject({
      messageIds: [20, 30],
    });
  });

  it('given a channel move, then the channel limit is scanned too', () => {
    const model = withRealmSetting(organization(), 'move_messages_between_streams_limit_seconds', 3600);
    const topicMessages = [{ messageId: 10, timestamp: T0 - 2 * 3600, senderId: U.member }, ...old.topicMessages.slice(2)];
    expect(() =>
      decide({ stream_id: 6, propagate_mode: 'change_all' }, { model, state: { topicMessages, targetChannel: channel(6) } }),
    ).toThrow(
      expect.objectContaining({
        code: 'MOVE_MESSAGES_TIME_LIMIT_EXCEEDED',
        extra: { first_message_id_allowed_to_move: 20, total_messages_allowed_to_move: 2, total_messages_in_topic: 3 },
      }),
    );
  });

  it('given a moderator or a resolve, then the whole topic moves', () => {
    expect(decide({ topic: 'dinner', propagate_mode: 'change_all' }, { actor: U.moderator, state: old }).events[0].data).toMatchObject({
      messageIds: [10, 12, 20, 30],
    });
    expect(decide({ topic: '✔ lunch', propagate_mode: 'change_all' }, { state: old }).events[0].data).toMatchObject({
      messageIds: [10, 12, 20, 30],
    });
  });

  it('given only the messages the actor can see (protected history), then only those are counted and moved, without error', () => {
    const visible = { topicMessages: old.topicMessages.slice(2) };
    expect(decide({ topic: 'dinner', propagate_mode: 'change_all' }, { state: visible }).events[0].data).toMatchObject({
      messageIds: [20, 30],
    });
  });
});

describe('the order of the checks (the first failing one answers)', () => {
  const big = { wildcardAudience: { channelSubscribers: 16, topicParticipants: 16 } };

  it('given no readable message, when someone else edits its content, then Invalid message(s) answers', () => {
    expect(() => decide({ content: 'x' }, { actor: U.otherMember, message: null })).toThrow(refused('Invalid message(s)'));
  });

  it('given someone who may not edit the content, when they also change the channel, then the content permission answers first', () => {
    expect(() => decide({ content: 'x', stream_id: 6 }, { actor: U.otherMember, state: { targetChannel: channel(6) } })).toThrow(
      refused("You don't have permission to edit this message"),
    );
  });

  it('given an inaccessible target and a topic its channel refuses, when moved there, then Invalid channel ID answers first', () => {
    expect(() => decide({ stream_id: 99, topic: '' }, { state: { channel: channel(5, { topicsPolicy: 'disable_empty_topic' }) } })).toThrow(
      refused('Invalid channel ID'),
    );
  });

  it('given a member who may not move topics, when they move to a topic the channel refuses, then the topics policy answers first', () => {
    const model = withRealmSetting(organization(), 'can_move_messages_between_topics_group', 3);
    const requiresTopics = channel(5, { name: 'general', topicsPolicy: 'disable_empty_topic' });
    expect(() => decide({ topic: '' }, { model, state: { channel: requiresTopics } })).toThrow(
      expect.objectContaining({ code: 'TOPICS_REQUIRED' }),
    );
  });

  it('given a late topic change with a refused wildcard in new content, when edited, then the topic time limit answers first', () => {
    const model = withRealmSetting(organization(), 'message_content_edit_limit_seconds', null);
    expect(() => decide({ content: '@**all**', topic: 'dinner' }, { model, state: big }, at(8 * DAY))).toThrow(
      refused("The time limit for editing this message's topic has passed."),
    );
  });

  it('given a whole-topic move of old messages to a new topic the member may not start, when moved, then the time limit answers first', () => {
    const onlyModerators = channel(5, { name: 'general', settings: { can_create_topic_group: 4 } });
    const topicMessages = [{ messageId: 10, timestamp: T0 - 8 * DAY, senderId: U.member }];
    expect(() => decide({ topic: 'dinner', propagate_mode: 'change_all' }, { state: { channel: onlyModerators, topicMessages } })).toThrow(
      expect.objectContaining({ code: 'MOVE_MESSAGES_TIME_LIMIT_EXCEEDED' }),
    );
    expect(() =>
      decide({ topic: 'dinner', propagate_mode: 'change_later' }, { state: { channel: onlyModerators, topicMessages } }),
    ).toThrow(refused('You do not have permission to create new topics in this channel.'));
  });
});

describe('checks taken before the topic is read (every permission a move needs but the whole-topic scan)', () => {
  /** What the handler has before it reads any of the topic's messages. */
  function check(params: Partial<EditMessageParams>, given: Given = {}, now = at(10)) {
    const ctx = contextOf(given.model ?? organization(), given.actor ?? U.member);
    const state = editState(ctx, {
      message: message(),
      channel: channel(5, { name: 'general', subscriberIds: [U.owner, U.member] }),
      ...given.state,
    });
    return checkEditMessage(
      editRequest({
        message_id: 20,
        propagate_mode: 'change_all',
        send_notification_to_old_thread: false,
        send_notification_to_new_thread: true,
        ...params,
      }),
      state,
      now,
    );
  }
  const target = channel(6, { name: 'archive' });

  it('given someone who may not move the message, or an inaccessible or closed target, or a refused topic, then the move is refused by the checks alone', () => {
    const closedTopics = withRealmSetting(organization(), 'can_move_messages_between_topics_group', 3);
    expect(() => check({ topic: 'dinner' }, { model: closedTopics })).toThrow(refused("You don't have permission to edit this message"));
    expect(() => check({ stream_id: 6 }, { actor: U.guest, state: { targetChannel: target } })).toThrow(
      refused("You don't have permission to move this message"),
    );
    expect(() => check({ stream_id: 99 })).toThrow(refused('Invalid channel ID'));
    expect(() => check({ stream_id: 6 }, { state: { targetChannel: channel(6, { settings: { can_send_message_group: 3 } }) } })).toThrow(
      refused('You do not have permission to post in this channel.'),
    );
    expect(() => check({ topic: 'x\u0001' })).toThrow(refused('Invalid character in topic, at position 2!'));
    expect(() => check({ topic: 'dinner' }, {}, at(8 * DAY))).toThrow(
      refused("The time limit for editing this message's topic has passed."),
    );
  });

  it('given a topic or channel change of a channel message, then the topic is to be read; given a content edit, it is not', () => {
    expect(check({ topic: 'dinner' }).moves).toBe(true);
    expect(check({ stream_id: 6 }, { state: { targetChannel: target } })).toMatchObject({ moves: true, target, newTopicName: 'lunch' });
    expect(check({ content: 'new', propagate_mode: 'change_one' })).toMatchObject({
      moves: false,
      content: { content: 'new', renderedContent: '<p>new</p>' },
    });
  });
});
