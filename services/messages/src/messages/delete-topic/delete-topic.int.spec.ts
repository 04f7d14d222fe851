import type { Connection } from 'mongoose';
import { Role, type EventEnvelope } from '@zulip-es/contracts';
import { connectMongo, StackEndpointsSchema } from '@zulip-es/platform';
import { MessagesRepository } from '../../projection/messages.repository';
import { activePolicies } from '../../user-topics/topic-policies.state';
import {
  api,
  captureEvents,
  createChannel,
  createUser,
  owner,
  subscribeTo,
  systemInfo,
  uniqueChannelName,
  type Credentials,
  type EventCapture,
} from '@zulip-es/testing';
import { MESSAGES_DATABASE } from '../../projection/messages.projection';

const ownerId = (): number => systemInfo().owner.userId;

/*
 * The system under test waits DELETE_TOPIC_WAIT_MS = 0 (infra/testing/global-setup.ts): a request
 * on a non-empty topic answers complete: false at once and the job goes on; clients repeat the
 * request until complete: true, as Zulip's clients do.
 */

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function send(auth: Credentials, channelId: number, topic: string, content: string): Promise<number> {
  const res = await api('POST', '/messages', { auth, params: { type: 'stream', to: String(channelId), topic, content } });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return res.body.id as number;
}

/** `count` messages, a few at a time (ids in sending order only per sender). */
async function sendMany(auth: Credentials, channelId: number, topics: readonly string[], count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < count; start += 8) {
    const n = Math.min(8, count - start);
    ids.push(
      ...(await Promise.all(
        Array.from({ length: n }, (_, i) => send(auth, channelId, topics[(start + i) % topics.length], `m${start + i}`)),
      )),
    );
  }
  return ids;
}

const deleteTopic = (auth: Credentials, channelId: number, topicName: string) =>
  api('POST', `/streams/${channelId}/delete_topic`, { auth, params: { topic_name: topicName } });

async function deleteUntilComplete(auth: Credentials, channelId: number, topicName: string): Promise<number> {
  for (let requests = 1; ; requests++) {
    const res = await deleteTopic(auth, channelId, topicName);
    expect(res.body).toMatchObject({ result: 'success' });
    if (res.body.complete === true) return requests;
    if (requests > 300) throw new Error('topic deletion did not complete');
    await sleep(100);
  }
}

async function topicIds(auth: Credentials, channelId: number, topic: string): Promise<number[]> {
  const res = await api('GET', '/messages', {
    auth,
    params: {
      anchor: 'oldest',
      num_after: 1000,
      narrow: [
        { operator: 'channel', operand: channelId },
        { operator: 'topic', operand: topic },
      ],
    },
  });
  return (res.body.messages as { id: number }[]).map((m) => m.id);
}

const batchesOf = (capture: EventCapture, channelId: number): EventEnvelope[] =>
  capture.events.filter(
    (e) =>
      e.type === 'messages.deleted.v1' &&
      (e.data.conversation as { channelId?: number }).channelId === channelId &&
      e.causationId.startsWith('delete-topic:'),
  );

const runIdOf = (event: EventEnvelope): string => event.causationId.split(':')[1];

describe('POST /streams/{stream_id}/delete_topic', () => {
  let capture: EventCapture;
  let db: Connection;
  let repo: MessagesRepository;
  beforeAll(async () => {
    capture = await captureEvents('messages');
    db = await connectMongo(StackEndpointsSchema.parse(process.env).MONGO_URL, MESSAGES_DATABASE);
    repo = new MessagesRepository(db);
  });
  afterAll(async () => {
    await capture.stop();
    await db.close();
  });

  it('deletes a 250-message topic (matched case-insensitively) in batches of 100, 100, 50, newest first, one event each, and nothing else', async () => {
    const admin = await createUser({ role: Role.ADMINISTRATOR });
    const channelId = await createChannel({ subscribers: [admin.userId] });
    const oldest = await send(owner(), channelId, 'Deploys', "the channel's first message");
    const kept = (await sendMany(owner(), channelId, ['other'], 3)).sort((a, b) => a - b);
    const ids = [oldest, ...(await sendMany(owner(), channelId, ['Deploys', 'deploys', 'DEPLOYS'], 249))];

    const first = await deleteTopic(admin, channelId, 'dEpLoYs');
    expect(first.body).toEqual({ result: 'success', msg: '', complete: false });
    expect(await deleteUntilComplete(admin, channelId, 'deploys')).toBeGreaterThanOrEqual(1);

    const batches = batchesOf(capture, channelId);
    expect(batches.map((e) => (e.data.messageIds as number[]).length)).toEqual([100, 100, 50]);
    const deleted = batches.flatMap((e) => e.data.messageIds as number[]);
    expect(new Set(deleted).size).toBe(deleted.length);
    expect([...deleted].sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
    // Newest first: every id of a batch is above every id of the next one.
    for (let i = 1; i < batches.length; i++)
      expect(Math.min(...(batches[i - 1].data.messageIds as number[]))).toBeGreaterThan(
        Math.max(...(batches[i].data.messageIds as number[])),
      );
    expect(new Set(batches.map(runIdOf)).size).toBe(1);
    // The last batch held the channel's oldest message: it names the new oldest.
    expect(batches[2].data).toMatchObject({ channelFirstMessageId: Math.min(...kept) });
    expect(batches[0].data.channelFirstMessageId).toBeUndefined();

    expect(await topicIds(owner(), channelId, 'Deploys')).toEqual([]);
    expect(await topicIds(owner(), channelId, 'other')).toEqual(kept);
    expect((await api('GET', `/streams/${channelId}`, { auth: owner() })).body.stream).toMatchObject({
      first_message_id: Math.min(...kept),
    });
  }, 120_000);

  it('answers complete: false while the job goes on, and a repeated request joins the running job instead of starting another', async () => {
    const admin = await createUser({ role: Role.ADMINISTRATOR });
    const channelId = await createChannel({ subscribers: [admin.userId] });
    const ids = await sendMany(owner(), channelId, ['joined'], 300);
    const [a, b] = await Promise.all([deleteTopic(admin, channelId, 'joined'), deleteTopic(owner(), channelId, 'JOINED')]);
    // The request handled first starts the job and cannot see it finished (no wait in tests);
    // the other joins it, or, on a fast machine, finds the topic already empty (complete: true).
    expect([a.body.complete, b.body.complete]).toContain(false);
    for (let i = 0; (await topicIds(owner(), channelId, 'joined')).length > 0; i++) {
      if (i > 300) throw new Error('the job did not finish');
      await sleep(100);
    }
    expect((await deleteTopic(admin, channelId, 'joined')).body).toEqual({ result: 'success', msg: '', complete: true });
    const batches = batchesOf(capture, channelId);
    expect(new Set(batches.map(runIdOf)).size).toBe(1);
    const deleted = batches.flatMap((e) => e.data.messageIds as number[]);
    expect(deleted.length).toBe(ids.length);
    expect(new Set(deleted)).toEqual(new Set(ids));
  }, 120_000);

  it('answers complete: true at once for an empty or unknown topic, and "general chat" names the empty topic', async () => {
    const channelId = await createChannel();
    await send(owner(), channelId, 'kept', 'x');
    expect((await deleteTopic(owner(), channelId, 'no such topic')).body).toEqual({ result: 'success', msg: '', complete: true });
    const empty = [await send(owner(), channelId, '', 'a'), await send(owner(), channelId, '', 'b')];
    expect(await topicIds(owner(), channelId, '')).toEqual(empty);
    await deleteUntilComplete(owner(), channelId, 'general chat');
    expect(await topicIds(owner(), channelId, '')).toEqual([]);
    expect(await topicIds(owner(), channelId, 'kept')).toHaveLength(1);
  }, 60_000);

  it('deletes in a private channel with protected history only the messages the administrator received', async () => {
    const admin = await createUser({ role: Role.ADMINISTRATOR });
    const name = uniqueChannelName('protected');
    const channelId = await createChannel({ name, invite_only: true, history_public_to_subscribers: false, subscribers: [ownerId()] });
    const before = [await send(owner(), channelId, 't', 'before 1'), await send(owner(), channelId, 't', 'before 2')];
    expect((await subscribeTo([name], { principals: [admin.userId] })).status).toBe(200);
    await send(owner(), channelId, 't', 'after');
    await deleteUntilComplete(admin, channelId, 't');
    expect(await topicIds(owner(), channelId, 't')).toEqual(before);
  }, 60_000);

  it('once the topic is gone, resets (to 0) the visibility policies of the users who lost access to the channel, and only theirs', async () => {
    const admin = await createUser({ role: Role.ADMINISTRATOR });
    const [left, stayed] = [await createUser({ label: 'left' }), await createUser({ label: 'stayed' })];
    const name = uniqueChannelName('policies');
    const channelId = await createChannel({ name, invite_only: true, subscribers: [ownerId(), admin.userId, left.userId, stayed.userId] });
    const ids = await sendMany(owner(), channelId, ['Policies'], 105);
    await send(owner(), channelId, 'kept', 'x');
    for (const [user, topic, policy] of [
      [left, 'policies', 3],
      [left, 'kept', 1],
      [stayed, 'POLICIES', 1],
    ] as const) {
      expect(
        (await api('POST', '/user_topics', { auth: user, params: { stream_id: channelId, topic, visibility_policy: policy } })).status,
      ).toBe(200);
    }
    expect((await api('DELETE', '/users/me/subscriptions', { auth: left, params: { subscriptions: [name] } })).status).toBe(200);
    await capture.waitFor((e) => e.type === 'user_topic.visibility_policy_changed.v1' && e.data.userId === stayed.userId);
    for (let i = 0; (await repo.topicPoliciesOf(channelId, 'policies')).entries.length < 2; i++) {
      if (i > 100) throw new Error('the policies were not projected');
      await sleep(50);
    }

    await deleteUntilComplete(admin, channelId, 'policies');

    const batches = batchesOf(capture, channelId);
    expect(batches.flatMap((e) => e.data.messageIds as number[]).sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
    // Only the batch that completed the topic carries the reset.
    expect(batches.map((e) => e.data.visibilityPoliciesReset)).toEqual([
      undefined,
      { users: [{ userId: left.userId, userVersion: expect.any(Number) }], lastUpdated: expect.any(Number) },
    ]);
    expect(batches[1].data.visibilityPoliciesReset).toMatchObject({ lastUpdated: Math.floor(Date.parse(batches[1].time) / 1000) });
    for (let i = 0; activePolicies(await repo.topicPoliciesOf(channelId, 'policies')).has(left.userId); i++) {
      if (i > 100) throw new Error('the reset was not projected');
      await sleep(50);
    }
    expect(activePolicies(await repo.topicPoliciesOf(channelId, 'Policies'))).toEqual(new Map([[stayed.userId, 1]]));
    expect((await repo.userTopicsOf(left.userId)).topics).toEqual([
      expect.objectContaining({ channelId, topicName: 'kept', visibilityPolicy: 1 }),
    ]);
    expect((await repo.userTopicsOf(stayed.userId)).topics).toEqual([
      expect.objectContaining({ channelId, topicName: 'POLICIES', visibilityPolicy: 1 }),
    ]);
  }, 120_000);

  it.each([
    [Role.MODERATOR, 'moderator'],
    [Role.MEMBER, 'member'],
    [Role.GUEST, 'guest'],
  ])('refuses role %i (%s): Must be an organization administrator', async (role, _label) => {
    const user = await createUser({ role });
    const channelId = await createChannel({ subscribers: [user.userId] });
    const id = await send(owner(), channelId, 't', 'x');
    const res = await deleteTopic(user, channelId, 't');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ result: 'error', code: 'UNAUTHORIZED_PRINCIPAL', msg: 'Must be an organization administrator' });
    expect(await topicIds(owner(), channelId, 't')).toEqual([id]);
  });

  it('answers Invalid channel ID for an unknown channel and for a private channel the administrator cannot see', async () => {
    const admin = await createUser({ role: Role.ADMINISTRATOR });
    expect((await deleteTopic(admin, 99_999_999, 't')).body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'Invalid channel ID' });
    const hidden = await createChannel({ invite_only: true, subscribers: [ownerId()] });
    expect((await deleteTopic(admin, hidden, 't')).body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'Invalid channel ID' });
  });
});
