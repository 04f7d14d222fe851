import { channel, privateChannel, subscriptions } from '../../testing/channels.fixtures';
import { contextOf, organization, U } from '../../testing/users.fixtures';
import type { ChannelState } from '../../channels/channel.state';
import { noUserTopics, type UserTopicsState } from '../user-topics.state';
import { decideUpdateUserTopic, type UpdateUserTopic } from './update-user-topic.decide';

const NOW = new Date('2026-03-01T12:00:00.000Z');
const SECONDS = NOW.getTime() / 1000;

const given = (options: { user?: number; channel?: ChannelState | null; subscribedTo?: number[]; topics?: UserTopicsState } = {}) => {
  const user = options.user ?? U.member;
  return {
    ctx: contextOf(organization(), user),
    channel: options.channel === undefined ? channel(3) : options.channel,
    actorSubscriptions: subscriptions({ [user]: options.subscribedTo ?? [] })(user),
    userTopics: options.topics ?? { ...noUserTopics(user), version: 4 },
    now: NOW,
  };
};
const cmd = (visibility_policy: number, topic = 'dinner', stream_id = 3): UpdateUserTopic => ({ stream_id, topic, visibility_policy });
const withPolicy = (visibilityPolicy: 1 | 2 | 3, topicName = 'Dinner'): UserTopicsState => ({
  userId: U.member,
  topics: [{ channelId: 3, topicName, visibilityPolicy, lastUpdated: 100 }],
  version: 4,
  rev: 4,
});
const changed = (visibilityPolicy: number, topicName = 'dinner') => [
  {
    type: 'user_topic.visibility_policy_changed.v1',
    aggregateId: `user_topics:${U.member}`,
    sequence: 5,
    data: { userId: U.member, channelId: 3, topicName, visibilityPolicy, lastUpdated: SECONDS },
  },
];

describe('POST /user_topics (E3)', () => {
  it.each([
    [1, 'muted'],
    [2, 'unmuted'],
    [3, 'followed'],
  ])('given no policy, when the user sets %i (%s), then the change is recorded at the time of the command', (policy) => {
    expect(decideUpdateUserTopic(cmd(policy), given())).toEqual({ events: changed(policy), reply: {} });
  });

  it('given a muted topic, when the user follows it, then the policy changes', () => {
    expect(decideUpdateUserTopic(cmd(3, 'dinner'), given({ topics: withPolicy(1) })).events).toEqual(changed(3));
  });

  it('given a policy, when the user sets the same one again (in any case), then nothing happens', () => {
    expect(decideUpdateUserTopic(cmd(1, 'DINNER'), given({ topics: withPolicy(1) })).events).toEqual([]);
  });

  it('given a policy, when the user sets 0, then it is removed; removing a policy that does not exist changes nothing', () => {
    expect(decideUpdateUserTopic(cmd(0), given({ topics: withPolicy(3) })).events).toEqual(changed(0));
    expect(decideUpdateUserTopic(cmd(0), given()).events).toEqual([]);
  });

  it('takes the "general chat" display name for the empty topic', () => {
    expect(decideUpdateUserTopic(cmd(1, 'general chat'), given()).events).toEqual(changed(1, ''));
    expect(decideUpdateUserTopic(cmd(1, ''), given()).events).toEqual(changed(1, ''));
  });

  it('refuses an unknown channel with "Invalid channel ID", whatever the policy', () => {
    for (const policy of [0, 1, 2, 3]) {
      expect(() => decideUpdateUserTopic(cmd(policy), given({ channel: null }))).toThrow(
        expect.objectContaining({ code: 'BAD_REQUEST', msg: 'Invalid channel ID' }),
      );
    }
  });

  it('refuses to set a policy in a channel the user cannot access, but lets them remove one there', () => {
    const hidden = privateChannel(3);
    expect(() => decideUpdateUserTopic(cmd(1), given({ channel: hidden }))).toThrow(expect.objectContaining({ msg: 'Invalid channel ID' }));
    expect(decideUpdateUserTopic(cmd(0), given({ channel: hidden, topics: withPolicy(1) })).events).toEqual(changed(0));
    expect(decideUpdateUserTopic(cmd(1), given({ channel: hidden, subscribedTo: [3] })).events).toEqual(changed(1));
  });

  it('refuses a guest in a public channel they are not subscribed to, and accepts them once subscribed', () => {
    const guest = (subscribedTo: number[]) => given({ user: U.guest, subscribedTo, topics: { ...noUserTopics(U.guest), version: 0 } });
    expect(() => decideUpdateUserTopic(cmd(1), guest([]))).toThrow(expect.objectContaining({ msg: 'Invalid channel ID' }));
    expect(decideUpdateUserTopic(cmd(1), guest([3])).events).toHaveLength(1);
  });

  it('refuses to set a policy in an archived channel', () => {
    expect(() => decideUpdateUserTopic(cmd(1), given({ channel: channel(3, { isArchived: true }), subscribedTo: [3] }))).toThrow(
      expect.objectContaining({ msg: 'Invalid channel ID' }),
    );
  });
});
