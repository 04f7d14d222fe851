import type { Connection } from 'mongoose';
import { Role } from '@zulip-es/contracts';
import { connectMongo, StackEndpointsSchema } from '@zulip-es/platform';
import {
  api,
  captureEvents,
  createChannel,
  createUser,
  owner,
  subscribeTo,
  uniqueChannelName,
  type Credentials,
  type EventCapture,
  type TestUser,
} from '@zulip-es/testing';
import { MessagesRepository } from '../projection/messages.repository';
import { activePolicies } from './topic-policies.state';
import { userTopicsView } from './user-topics-view';
import { MESSAGES_DATABASE } from '../projection/messages.projection';

const SUCCESS = { result: 'success', msg: '' };
const error = (msg: string, extra: Record<string, unknown> = {}) => ({ result: 'error', code: 'BAD_REQUEST', msg, ...extra });

const setPolicy = (auth: Credentials, stream_id: number, topic: string, visibility_policy: number) =>
  api('POST', '/user_topics', { auth, params: { stream_id, topic, visibility_policy } });
const muted = (auth: Credentials, params: Record<string, unknown>) =>
  api('PATCH', '/users/me/subscriptions/muted_topics', { auth, params });

describe('topic visibility policies (E3 POST /user_topics, E4 PATCH /users/me/subscriptions/muted_topics)', () => {
  let capture: EventCapture;
  let db: Connection;
  let repo: MessagesRepository;
  let member: TestUser;
  let channelId: number;

  const policiesOf = async (userId: number) => userTopicsView(await repo.userTopicsOf(userId));
  const changedFor = (userId: number) => (e: { type: string; data: Record<string, unknown> }) =>
    e.type === 'user_topic.visibility_policy_changed.v1' && e.data.userId === userId;

  beforeAll(async () => {
    capture = await captureEvents('messages');
    db = await connectMongo(StackEndpointsSchema.parse(process.env).MONGO_URL, MESSAGES_DATABASE);
    repo = new MessagesRepository(db);
    member = await createUser({ label: 'topics' });
    channelId = await createChannel({ subscribers: [member.userId] });
  });

  afterAll(async () => {
    await capture.stop();
    await db.close();
  });

  describe('POST /user_topics', () => {
    it.each([
      [1, 'muted'],
      [2, 'unmuted'],
      [3, 'followed'],
    ])('sets policy %i (%s) for a topic without messages, publishes it and lists it in user_topics', async (policy) => {
      const user = await createUser({ label: `topics-${policy}` });
      const id = await createChannel({ subscribers: [user.userId] });
      const before = Math.floor(Date.now() / 1000);
      expect((await setPolicy(user, id, 'dinner', policy)).body).toEqual(SUCCESS);
      const event = await capture.waitFor(changedFor(user.userId));
      expect(event.aggregateId).toBe(`user_topics:${user.userId}`);
      expect(event.data).toEqual({
        userId: user.userId,
        channelId: id,
        topicName: 'dinner',
        visibilityPolicy: policy,
        lastUpdated: expect.any(Number),
      });
      expect(event.data.lastUpdated).toBeGreaterThanOrEqual(before);
      expect(event.data.lastUpdated).toBe(Math.floor(Date.parse(event.time) / 1000));
      expect(await policiesOf(user.userId)).toEqual([
        { stream_id: id, topic_name: 'dinner', last_updated: event.data.lastUpdated, visibility_policy: policy },
      ]);
      expect(activePolicies(await repo.topicPoliciesOf(id, 'DINNER'))).toEqual(new Map([[user.userId, policy]]));
    });

    it('changes a policy, removes it with 0, and publishes nothing for repeats', async () => {
      const user = await createUser({ label: 'topics-repeat' });
      const id = await createChannel({ subscribers: [user.userId] });
      expect((await setPolicy(user, id, 'Lunch', 1)).body).toEqual(SUCCESS);
      expect((await setPolicy(user, id, 'lunch', 1)).body).toEqual(SUCCESS);
      expect((await setPolicy(user, id, 'LUNCH', 3)).body).toEqual(SUCCESS);
      expect(await policiesOf(user.userId)).toEqual([expect.objectContaining({ topic_name: 'Lunch', visibility_policy: 3 })]);
      expect((await setPolicy(user, id, 'lunch', 0)).body).toEqual(SUCCESS);
      expect((await setPolicy(user, id, 'lunch', 0)).body).toEqual(SUCCESS);
      const events = await capture.settle(changedFor(user.userId), 1000);
      expect(events.map((e) => [e.data.topicName, e.data.visibilityPolicy, e.sequence])).toEqual([
        ['Lunch', 1, 1],
        ['LUNCH', 3, 2],
        ['lunch', 0, 3],
      ]);
      expect(await policiesOf(user.userId)).toEqual([]);
      expect(activePolicies(await repo.topicPoliciesOf(id, 'lunch'))).toEqual(new Map());
    });

    it('takes the "general chat" display name for the empty topic', async () => {
      const user = await createUser({ label: 'topics-general' });
      const id = await createChannel({ subscribers: [user.userId] });
      expect((await setPolicy(user, id, 'general chat', 3)).body).toEqual(SUCCESS);
      expect((await setPolicy(user, id, '', 3)).body).toEqual(SUCCESS);
      expect(await policiesOf(user.userId)).toEqual([expect.objectContaining({ topic_name: '', visibility_policy: 3 })]);
    });

    it('accepts a topic of 60 characters (an emoji counts once) and refuses 61', async () => {
      expect((await setPolicy(member, channelId, '😀'.repeat(60), 1)).body).toEqual(SUCCESS);
      const res = await setPolicy(member, channelId, 'x'.repeat(61), 1);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(error('topic is too long (limit: 60 characters)'));
    });

    it('refuses a visibility policy outside 0–3 and malformed parameters, as Zulip words them', async () => {
      expect((await setPolicy(member, channelId, 'x', 4)).body).toEqual(
        error('Invalid visibility_policy: Value error, Not in the list of possible values'),
      );
      expect(
        (await api('POST', '/user_topics', { auth: member, params: { stream_id: 'abc', topic: 'x', visibility_policy: 1 } })).body,
      ).toEqual(error('stream_id is not valid JSON'));
      expect(
        (await api('POST', '/user_topics', { auth: member, params: { stream_id: '"7"', topic: 'x', visibility_policy: 1 } })).body,
      ).toEqual(error('stream_id is not an integer'));
      const missing = await api('POST', '/user_topics', { auth: member, params: { stream_id: channelId, visibility_policy: 1 } });
      expect(missing.body).toEqual({
        result: 'error',
        code: 'REQUEST_VARIABLE_MISSING',
        msg: "Missing 'topic' argument",
        var_name: 'topic',
      });
    });

    it('refuses an unknown channel with "Invalid channel ID", also when removing', async () => {
      for (const policy of [0, 1]) {
        const res = await setPolicy(member, 999_999, 'x', policy);
        expect(res.status).toBe(400);
        expect(res.body).toEqual(error('Invalid channel ID'));
      }
    });

    it('refuses to set a policy in a private channel the user is not in, but lets them remove one there', async () => {
      const user = await createUser({ label: 'topics-private' });
      const id = await createChannel({ invite_only: true, subscribers: [user.userId] });
      expect((await setPolicy(user, id, 'secret', 1)).body).toEqual(SUCCESS);
      await api('DELETE', '/users/me/subscriptions', { auth: user, params: { subscriptions: [await channelName(id)] } });
      expect((await setPolicy(user, id, 'secret', 3)).body).toEqual(error('Invalid channel ID'));
      expect((await setPolicy(user, id, 'secret', 0)).body).toEqual(SUCCESS);
      expect(await policiesOf(user.userId)).toEqual([]);
    });

    it('refuses a guest in a public channel they are not subscribed to, and accepts them once subscribed', async () => {
      const guest = await createUser({ role: Role.GUEST, label: 'topics-guest' });
      const name = uniqueChannelName('guest-topics');
      await subscribeTo([name]);
      const id = (await api('GET', '/get_stream_id', { auth: owner(), params: { stream: name } })).body.stream_id as number;
      expect((await setPolicy(guest, id, 'x', 1)).body).toEqual(error('Invalid channel ID'));
      await subscribeTo([name], { principals: [guest.userId] });
      expect((await setPolicy(guest, id, 'x', 1)).body).toEqual(SUCCESS);
    });

    it.each([
      ['owner', Role.OWNER],
      ['administrator', Role.ADMINISTRATOR],
      ['moderator', Role.MODERATOR],
      ['member', Role.MEMBER],
      ['guest', Role.GUEST],
    ])('lets a subscribed %s follow a topic', async (label, role) => {
      const user = role === Role.OWNER ? null : await createUser({ role, label: `topics-${label}` });
      const auth = user ?? owner();
      const me = (await api('GET', '/users/me', { auth })).body.user_id as number;
      const id = await createChannel({ subscribers: [me] });
      expect((await setPolicy(auth, id, `for ${label}`, 3)).body).toEqual(SUCCESS);
      expect(await policiesOf(me)).toContainEqual(
        expect.objectContaining({ stream_id: id, topic_name: `for ${label}`, visibility_policy: 3 }),
      );
    });

    it('refuses a deactivated user', async () => {
      const user = await createUser({ label: 'topics-deactivated' });
      expect((await api('DELETE', `/users/${user.userId}`, { auth: owner() })).status).toBe(200);
      const res = await setPolicy(user, channelId, 'x', 1);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ result: 'error', code: 'USER_DEACTIVATED', msg: 'Account is deactivated' });
      const patch = await muted(user, { op: 'add', topic: 'x', stream_id: channelId });
      expect(patch.status).toBe(401);
    });
  });

  describe('PATCH /users/me/subscriptions/muted_topics', () => {
    it('mutes by channel id and by channel name, unmutes, and accepts repeats without publishing', async () => {
      const user = await createUser({ label: 'muted-topics' });
      const id = await createChannel({ subscribers: [user.userId] });
      const name = await channelName(id);
      expect((await muted(user, { op: 'add', topic: 'dinner', stream_id: id })).body).toEqual(SUCCESS);
      expect((await muted(user, { op: 'add', topic: 'Dinner', stream: name })).body).toEqual(SUCCESS);
      expect((await muted(user, { op: 'add', topic: 'supper', stream: name })).body).toEqual(SUCCESS);
      expect((await policiesOf(user.userId)).map((t) => [t.topic_name, t.visibility_policy])).toEqual([
        ['dinner', 1],
        ['supper', 1],
      ]);
      expect((await muted(user, { op: 'remove', topic: 'DINNER', stream_id: id })).body).toEqual(SUCCESS);
      expect((await muted(user, { op: 'remove', topic: 'dinner', stream_id: id })).body).toEqual(SUCCESS);
      expect((await muted(user, { op: 'remove', topic: 'supper', stream: name })).body).toEqual(SUCCESS);
      const events = await capture.settle(changedFor(user.userId), 1000);
      expect(events.map((e) => [e.data.topicName, e.data.visibilityPolicy])).toEqual([
        ['dinner', 1],
        ['supper', 1],
        ['DINNER', 0],
        ['supper', 0],
      ]);
      expect(await policiesOf(user.userId)).toEqual([]);
    });

    it('mutes a followed topic (set through POST /user_topics)', async () => {
      const user = await createUser({ label: 'muted-followed' });
      const id = await createChannel({ subscribers: [user.userId] });
      await setPolicy(user, id, 'news', 3);
      expect((await muted(user, { op: 'add', topic: 'news', stream_id: id })).body).toEqual(SUCCESS);
      expect(await policiesOf(user.userId)).toEqual([expect.objectContaining({ topic_name: 'news', visibility_policy: 1 })]);
    });

    it('needs exactly one of stream_id and stream', async () => {
      const neither = await muted(member, { op: 'add', topic: 'x' });
      expect(neither.status).toBe(400);
      expect(neither.body).toEqual(error("Missing 'stream_id' argument"));
      const both = await muted(member, { op: 'add', topic: 'x', stream_id: channelId, stream: 'x' });
      expect(both.body).toEqual(error('Unsupported parameter combination: stream_id, stream', { parameters: 'stream_id, stream' }));
    });

    it('refuses an unknown op and a topic over 60 characters', async () => {
      expect((await muted(member, { op: 'toggle', topic: 'x', stream_id: channelId })).body).toEqual(error('Invalid op'));
      expect((await muted(member, { op: 'add', topic: 'y'.repeat(61), stream_id: channelId })).body).toEqual(
        error('topic is too long (limit: 60 characters)'),
      );
    });

    it('refuses to mute in an unknown or inaccessible channel, and reports an unknown channel on remove as "Topic is not muted"', async () => {
      expect((await muted(member, { op: 'add', topic: 'x', stream_id: 999_999 })).body).toEqual(error('Invalid channel ID'));
      const hidden = uniqueChannelName('hidden');
      expect((await muted(member, { op: 'add', topic: 'x', stream: hidden })).body).toEqual(error(`Invalid channel name '${hidden}'`));
      const privateId = await createChannel({ invite_only: true, subscribers: [] });
      expect((await muted(member, { op: 'add', topic: 'x', stream_id: privateId })).body).toEqual(error('Invalid channel ID'));
      expect((await muted(member, { op: 'remove', topic: 'x', stream_id: 999_999 })).body).toEqual(error('Topic is not muted'));
      expect((await muted(member, { op: 'remove', topic: 'x', stream: hidden })).body).toEqual(error('Topic is not muted'));
      expect((await muted(member, { op: 'remove', topic: 'x', stream_id: privateId })).body).toEqual(SUCCESS);
    });
  });
});

async function channelName(id: number): Promise<string> {
  const res = await api('GET', `/streams/${id}`, { auth: owner() });
  return (res.body.stream as { name: string }).name;
}
