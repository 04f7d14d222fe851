import { channel, privateChannel } from '../../testing/channels.fixtures';
import { contextOf, organization, U } from '../../testing/users.fixtures';
import type { ChannelState } from '../../channels/channel.state';
import { buildAddressee } from './addressee';
import { NO_ORGANIZATION } from '../render-content';
import { decideSendMessage, type SendState } from './send-message.decide';

const NOW = new Date('2026-03-01T12:00:00.000Z');

function state(
  senderId: number,
  options: {
    channel?: ChannelState | null;
    subscribedTo?: number[];
    topicExists?: boolean;
    wildcardAudience?: SendState['wildcardAudience'];
    lastDmGroupNo?: number;
  } = {},
): SendState {
  const ctx = contextOf(organization(), senderId);
  return {
    ctx,
    sender: ctx.actor,
    render: NO_ORGANIZATION,
    channel: options.channel === undefined ? channel(5, { name: 'Rome' }) : options.channel,
    senderSubscriptions: {
      userId: senderId,
      subscriptions: (options.subscribedTo ?? []).map((channelId) => ({ channelId, active: true, color: '#76ce90', channelVersion: 1 })),
    },
    lastMessageId: 41,
    messagesVersion: 41,
    dmGroupNo: null,
    // Read by the handler for a group conversation only: other messages are decided without it.
    lastDmGroupNo: options.lastDmGroupNo ?? null,
    topicExists: options.topicExists,
    wildcardAudience: options.wildcardAudience,
  };
}

const toChannel = (to: string, topic = 'lunch') => buildAddressee({ type: 'stream', to, topic });
const refusal = (msg: string, code = 'BAD_REQUEST') => expect.objectContaining({ code, msg });

describe('sending a message', () => {
  it('given a public channel, when a member sends, then message.sent.v1 carries the next id and sequence', () => {
    const { events, reply } = decideSendMessage(
      { addressee: toChannel('Rome'), content: '  hi **there**\n\n', client: 'API' },
      state(U.member),
      NOW,
    );
    expect(reply).toEqual({ id: 42 });
    expect(events).toEqual([
      {
        type: 'message.sent.v1',
        aggregateId: 'messages',
        sequence: 42,
        data: {
          messageId: 42,
          senderId: U.member,
          conversation: { type: 'channel', channelId: 5, topic: 'lunch' },
          recipientId: 15,
          content: '  hi **there**',
          renderedContent: '<p>hi <strong>there</strong></p>',
          sentAt: NOW.toISOString(),
          client: 'API',
          readBySender: false,
        },
      },
    ]);
  });

  it('leaves a message unread for its sender from an API client, read from Zulip’s apps, as the request says', () => {
    const readBySender = (client: string, asked?: boolean) =>
      decideSendMessage({ addressee: toChannel('Rome'), content: 'x', client, readBySender: asked }, state(U.member), NOW).events[0]!.data
        .readBySender;
    expect(readBySender('ZulipPython')).toBe(false);
    expect(readBySender('website')).toBe(true);
    expect(readBySender('ZulipTerminal')).toBe(true);
    expect(readBySender('ZulipPython', true)).toBe(true);
    expect(readBySender('website', false)).toBe(false);
  });

  it('given no such channel, then STREAM_DOES_NOT_EXIST names it (by name, escaped) or its id', () => {
    expect(() =>
      decideSendMessage({ addressee: toChannel('<b>'), content: 'x', client: 'API' }, state(U.member, { channel: null }), NOW),
    ).toThrow(
      expect.objectContaining({ code: 'STREAM_DOES_NOT_EXIST', msg: "Channel '&lt;b&gt;' does not exist", extra: { stream: '&lt;b&gt;' } }),
    );
    expect(() =>
      decideSendMessage({ addressee: toChannel('7'), content: 'x', client: 'API' }, state(U.member, { channel: null }), NOW),
    ).toThrow(expect.objectContaining({ code: 'STREAM_DOES_NOT_EXIST', extra: { stream_id: 7 } }));
  });

  it('given a private channel, then only subscribers may send, administrators included', () => {
    const secret = privateChannel(5, { name: 'Secret' });
    expect(() =>
      decideSendMessage({ addressee: toChannel('Secret'), content: 'x', client: 'API' }, state(U.admin, { channel: secret }), NOW),
    ).toThrow(refusal("Not authorized to send to channel 'Secret'"));
    expect(
      decideSendMessage(
        { addressee: toChannel('Secret'), content: 'x', client: 'API' },
        state(U.member, { channel: secret, subscribedTo: [5] }),
        NOW,
      ).reply,
    ).toEqual({ id: 42 });
  });

  it('given a channel where only administrators post, then a member is refused', () => {
    const announce = channel(5, { settings: { can_send_message_group: 3 } });
    expect(() =>
      decideSendMessage({ addressee: toChannel('5'), content: 'x', client: 'API' }, state(U.member, { channel: announce }), NOW),
    ).toThrow(refusal('You do not have permission to post in this channel.'));
  });

  it('given a channel where only moderators start topics, then members and guests are refused a new topic but may post to an existing one', () => {
    const quiet = channel(5, { settings: { can_create_topic_group: 4 } });
    const send = (senderId: number, topicExists: boolean) => () =>
      decideSendMessage(
        { addressee: toChannel('5', 'new'), content: 'x', client: 'API' },
        state(senderId, { channel: quiet, topicExists, subscribedTo: [5] }),
        NOW,
      );
    for (const sender of [U.member, U.guest])
      expect(send(sender, false)).toThrow(refusal('You do not have permission to create new topics in this channel.'));
    expect(send(U.member, true)().reply).toEqual({ id: 42 });
    for (const sender of [U.owner, U.admin, U.moderator]) expect(send(sender, false)().reply).toEqual({ id: 42 });
  });

  it('given a channel where one member alone starts topics, then administrators are not exempt', () => {
    const theirs = channel(5, { settings: { can_create_topic_group: { directMembers: [U.member], directSubgroups: [] } } });
    const send = (senderId: number) => () =>
      decideSendMessage(
        { addressee: toChannel('5', 'new'), content: 'x', client: 'API' },
        state(senderId, { channel: theirs, topicExists: false }),
        NOW,
      );
    for (const sender of [U.owner, U.admin])
      expect(send(sender)).toThrow(refusal('You do not have permission to create new topics in this channel.'));
    expect(send(U.member)().reply).toEqual({ id: 42 });
  });

  it('given a channel requiring topics, then the empty topic is refused', () => {
    const strict = channel(5, { topicsPolicy: 'disable_empty_topic' });
    expect(() =>
      decideSendMessage(
        { addressee: toChannel('5', '(no topic)'), content: 'x', client: 'API' },
        state(U.member, { channel: strict }),
        NOW,
      ),
    ).toThrow(expect.objectContaining({ code: 'TOPICS_REQUIRED' }));
  });

  it('given direct recipients, then the conversation lists every participant and group conversations get a group recipient', () => {
    const one = decideSendMessage(
      { addressee: buildAddressee({ type: 'direct', to: `[${U.admin}]` }), content: 'x', client: 'API' },
      state(U.member),
      NOW,
    );
    expect(one.events[0].data).toMatchObject({
      conversation: { type: 'direct', userIds: [U.admin, U.member] },
      recipientId: U.admin * 3 + 1,
    });
    const group = decideSendMessage(
      { addressee: buildAddressee({ type: 'private', to: `[${U.admin},${U.owner}]` }), content: 'x', client: 'API' },
      state(U.member, { lastDmGroupNo: 3 }),
      NOW,
    );
    expect(group.events[0].data).toMatchObject({
      conversation: { type: 'direct', userIds: [U.owner, U.admin, U.member] },
      recipientId: 4 * 3 + 2,
    });
  });

  it('given unknown or deactivated recipients, then Zulip refuses them', () => {
    const send = (to: string) => () =>
      decideSendMessage({ addressee: buildAddressee({ type: 'direct', to }), content: 'x', client: 'API' }, state(U.member), NOW);
    expect(send('[999]')).toThrow(refusal('Invalid user ID 999'));
    expect(send('ghost@example.com')).toThrow(refusal("Invalid email 'ghost@example.com'"));
    expect(send(`[${U.deactivated}]`)).toThrow(expect.objectContaining({ msg: expect.stringMatching(/is no longer using Zulip\.$/) }));
  });

  it("given content over 10000 characters, then it is cut with Zulip's notice", () => {
    const { events } = decideSendMessage(
      { addressee: toChannel('Rome'), content: 'a'.repeat(10_001), client: 'API' },
      state(U.member),
      NOW,
    );
    expect((events[0].data.content as string).length).toBe(10_000);
    expect(events[0].data.content).toMatch(/\n\[message truncated\]$/);
  });

  it("given a topic wildcard mention, then message.sent.v1 names the topic's participants, whom it notifies; other messages name none", () => {
    const wildcardAudience = { channelSubscribers: 4, topicParticipantIds: [U.admin, U.member], threshold: 15 };
    const send = (content: string) =>
      decideSendMessage({ addressee: toChannel('Rome'), content, client: 'API' }, state(U.member, { wildcardAudience }), NOW).events[0]!
        .data;
    expect(send('@**topic** lunch?')).toMatchObject({
      renderedContent: '<p><span class="topic-mention">@topic</span> lunch?</p>',
      topicParticipantIds: [U.admin, U.member],
    });
    expect(send('@**all** lunch?')).not.toHaveProperty('topicParticipantIds');
    expect(send('@_**topic** lunch?')).not.toHaveProperty('topicParticipantIds');
  });

  it("given more topic participants than the threshold, then a member's topic wildcard is refused", () => {
    const wildcardAudience = { channelSubscribers: 4, topicParticipantIds: [U.admin, U.member], threshold: 1 };
    expect(() =>
      decideSendMessage({ addressee: toChannel('Rome'), content: '@**topic**', client: 'API' }, state(U.member, { wildcardAudience }), NOW),
    ).toThrow(expect.objectContaining({ code: 'TOPIC_WILDCARD_MENTION_NOT_ALLOWED' }));
  });
});
