import { channel, privateChannel, subscriptions } from '../../testing/channels.fixtures';
import { contextOf, organization, U } from '../../testing/users.fixtures';
import type { ChannelState } from '../../channels/channel.state';
import { noUserTopics, type UserTopicsState } from '../user-topics.state';
import { decideUpdateMutedTopic } from './update-muted-topic.decide';

const NOW = new Date('2026-03-01T12:00:00.000Z');

const given = (options: { channel?: ChannelState | null; topics?: UserTopicsState } = {}) => ({
  ctx: contextOf(organization(), U.member),
  channel: options.channel === undefined ? channel(3, { name: 'Denmark' }) : options.channel,
  actorSubscriptions: subscriptions({})(U.member),
  userTopics: options.topics ?? noUserTopics(U.member),
  now: NOW,
});
const muted: UserTopicsState = {
  userId: U.member,
  topics: [{ channelId: 3, topicName: 'dinner', visibilityPolicy: 1, lastUpdated: 1 }],
  version: 1,
  rev: 1,
};
const policyOf = (decision: ReturnType<typeof decideUpdateMutedTopic>) => decision.events.map((e) => e.data.visibilityPolicy);

describe('PATCH /users/me/subscriptions/muted_topics (E4)', () => {
  it('given no policy, when the user adds by channel id or by name, then the topic is muted', () => {
    expect(policyOf(decideUpdateMutedTopic({ op: 'add', topic: 'dinner', stream_id: 3 }, given()))).toEqual([1]);
    expect(policyOf(decideUpdateMutedTopic({ op: 'add', topic: 'dinner', stream: 'Denmark' }, given()))).toEqual([1]);
  });

  it('given a muted topic, when the user removes it, then the policy is removed; repeats change nothing and are no errors', () => {
    expect(policyOf(decideUpdateMutedTopic({ op: 'remove', topic: 'dinner', stream_id: 3 }, given({ topics: muted })))).toEqual([0]);
    expect(decideUpdateMutedTopic({ op: 'remove', topic: 'dinner', stream_id: 3 }, given()).events).toEqual([]);
    expect(decideUpdateMutedTopic({ op: 'add', topic: 'Dinner', stream_id: 3 }, given({ topics: muted })).events).toEqual([]);
  });

  it('given a followed topic, when the user adds it, then it becomes muted', () => {
    const followed: UserTopicsState = { ...muted, topics: [{ ...muted.topics[0], visibilityPolicy: 3 }] };
    expect(policyOf(decideUpdateMutedTopic({ op: 'add', topic: 'dinner', stream_id: 3 }, given({ topics: followed })))).toEqual([1]);
  });

  it('needs exactly one of stream_id and stream', () => {
    expect(() => decideUpdateMutedTopic({ op: 'add', topic: 'dinner' }, given())).toThrow(
      expect.objectContaining({ code: 'BAD_REQUEST', msg: "Missing 'stream_id' argument" }),
    );
    expect(() => decideUpdateMutedTopic({ op: 'add', topic: 'dinner', stream_id: 3, stream: 'Denmark' }, given())).toThrow(
      expect.objectContaining({
        code: 'BAD_REQUEST',
        msg: 'Unsupported parameter combination: stream_id, stream',
        extra: { parameters: 'stream_id, stream' },
      }),
    );
  });

  it('refuses to mute in an unknown or inaccessible channel, with the error of the lookup used', () => {
    expect(() => decideUpdateMutedTopic({ op: 'add', topic: 'dinner', stream_id: 3 }, given({ channel: null }))).toThrow(
      expect.objectContaining({ msg: 'Invalid channel ID' }),
    );
    expect(() => decideUpdateMutedTopic({ op: 'add', topic: 'dinner', stream: 'Nowhere' }, given({ channel: null }))).toThrow(
      expect.objectContaining({ msg: "Invalid channel name 'Nowhere'" }),
    );
    expect(() => decideUpdateMutedTopic({ op: 'add', topic: 'dinner', stream_id: 3 }, given({ channel: privateChannel(3) }))).toThrow(
      expect.objectContaining({ msg: 'Invalid channel ID' }),
    );
  });

  it('reports an unknown channel on remove as "Topic is not muted", and unmutes in a channel the user lost access to', () => {
    expect(() => decideUpdateMutedTopic({ op: 'remove', topic: 'dinner', stream_id: 3 }, given({ channel: null }))).toThrow(
      expect.objectContaining({ msg: 'Topic is not muted' }),
    );
    expect(() => decideUpdateMutedTopic({ op: 'remove', topic: 'dinner', stream: 'Nowhere' }, given({ channel: null }))).toThrow(
      expect.objectContaining({ msg: 'Topic is not muted' }),
    );
    expect(
      policyOf(
        decideUpdateMutedTopic({ op: 'remove', topic: 'dinner', stream_id: 3 }, given({ channel: privateChannel(3), topics: muted })),
      ),
    ).toEqual([0]);
  });
});
