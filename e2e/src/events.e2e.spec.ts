import { Redis } from 'ioredis';
import { EventQueues } from '@zulip-es/event-queues';
import { StackEndpointsSchema } from '@zulip-es/platform';
import { api, basicAuth, createUser, encodeParams, eventually, owner, systemInfo, type TestUser } from '@zulip-es/testing';

describe('event queues: POST /register, GET /events, DELETE /events', () => {
  const redis = new Redis(StackEndpointsSchema.parse(process.env).REDIS_URL);
  /** Queues events directly, to test the queues apart from the fan-out (e2e/src/events/). */
  const queues = new EventQueues(redis);
  let user: TestUser;
  beforeAll(async () => {
    user = await createUser({ label: 'events' });
  });
  afterAll(() => redis.quit());

  const register = async (auth: TestUser = user, params: Record<string, unknown> = {}) => {
    const res = await api('POST', '/register', { auth, params: { fetch_event_types: ['realm'], ...params } });
    expect(res.status).toBe(200);
    return res.body as { queue_id: string; last_event_id: number };
  };
  const events = (queueId: string, params: Record<string, unknown> = {}, auth: TestUser = user) =>
    api('GET', '/events', { auth, params: { queue_id: queueId, ...params } });
  const badQueue = (queueId: string) => ({
    result: 'error',
    code: 'BAD_EVENT_QUEUE_ID',
    msg: `Bad event queue ID: ${queueId}`,
    queue_id: queueId,
  });

  it('registers a queue for the caller, with last_event_id -1 beside the state asked for', async () => {
    const registered = await register();
    expect(registered).toMatchObject({
      result: 'success',
      queue_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      last_event_id: -1,
      zulip_feature_level: expect.any(Number),
      max_message_length: 10000,
    });
    const res = await events(registered.queue_id, { dont_block: true });
    expect(res.body).toEqual({ result: 'success', msg: '', events: [], queue_id: registered.queue_id });
  });

  it('answers queued events after last_event_id and drops those acknowledged', async () => {
    const { queue_id: queueId } = await register();
    await queues.append(queueId, [{ type: 'invites_changed' }, { type: 'drafts', op: 'remove', draft_id: 7 }]);
    expect((await events(queueId, { last_event_id: -1 })).body.events).toEqual([
      { id: 0, type: 'invites_changed' },
      { id: 1, type: 'drafts', op: 'remove', draft_id: 7 },
    ]);
    expect((await events(queueId, { last_event_id: 0, dont_block: true })).body.events).toEqual([
      { id: 1, type: 'drafts', op: 'remove', draft_id: 7 },
    ]);
    expect((await events(queueId, { last_event_id: 1, dont_block: true })).body.events).toEqual([]);
  });

  it('holds a long-poll until an event is queued', async () => {
    const { queue_id: queueId } = await register();
    const polled = events(queueId, { last_event_id: -1 });
    await new Promise((r) => setTimeout(r, 300));
    await queues.append(queueId, [{ type: 'invites_changed' }]);
    expect((await polled).body.events).toEqual([{ id: 0, type: 'invites_changed' }]);
  });

  it('answers a heartbeat when no event comes in time, numbered like every event', async () => {
    const { queue_id: queueId } = await register();
    const began = Date.now();
    expect((await events(queueId, { last_event_id: -1 })).body.events).toEqual([{ id: 0, type: 'heartbeat' }]);
    expect(Date.now() - began).toBeGreaterThanOrEqual(1_000);
    expect((await events(queueId, { last_event_id: 0 })).body.events).toEqual([{ id: 1, type: 'heartbeat' }]);
  });

  it('ends the long-poll of a client that went away: no heartbeat is queued for it', async () => {
    const { queue_id: queueId } = await register();
    const hangUp = new AbortController();
    const url = `${systemInfo().gatewayUrl}/api/v1/events?${encodeParams({ queue_id: queueId, last_event_id: -1 })}`;
    const polled = fetch(url, { headers: { authorization: basicAuth(user) }, signal: hangUp.signal }).catch((error: unknown) => error);
    // Held by then: the gateway reads the queue and starts watching within milliseconds.
    await new Promise((r) => setTimeout(r, 500));
    const health = (await (await fetch(`${systemInfo().gatewayUrl}/health`)).json()) as { long_polls: number };
    expect(health.long_polls).toBeGreaterThanOrEqual(1);
    hangUp.abort();
    expect(await polled).toMatchObject({ name: 'AbortError' });
    // Past the heartbeat interval (1.5 s here): a poll still waiting would have queued one.
    await new Promise((r) => setTimeout(r, 2_000));
    expect((await events(queueId, { last_event_id: -1, dont_block: true })).body.events).toEqual([]);
  });

  it('keeps a long-poll waiting when the event that woke it is not for its queue', async () => {
    const { queue_id: queueId } = await register(user, { event_types: ['drafts'] });
    let answered = false;
    const polled = events(queueId, { last_event_id: -1 }).finally(() => (answered = true));
    await new Promise((r) => setTimeout(r, 300));
    // Logged for the user, so their queues are woken; this one does not take the type.
    await queues.deliver([{ userIds: [user.userId], event: { type: 'invites_changed' } }]);
    await new Promise((r) => setTimeout(r, 300));
    expect(answered).toBe(false);
    await queues.deliver([{ userIds: [user.userId], event: { type: 'drafts', op: 'remove', draft_id: 4 } }]);
    expect((await polled).body.events).toEqual([{ id: 0, type: 'drafts', op: 'remove', draft_id: 4 }]);
  });

  it('queues only the event_types the queue registered for', async () => {
    const { queue_id: queueId } = await register(user, { event_types: ['drafts'] });
    await queues.append(queueId, [{ type: 'invites_changed' }, { type: 'drafts', op: 'remove', draft_id: 2 }]);
    expect((await events(queueId, { dont_block: true })).body.events).toEqual([{ id: 0, type: 'drafts', op: 'remove', draft_id: 2 }]);
  });

  it("answers BAD_EVENT_QUEUE_ID for an unknown queue, another user's queue, and a deleted one", async () => {
    expect((await events('no-such-queue', { dont_block: true })).body).toEqual(badQueue('no-such-queue'));
    const theirs = await register(await createUser({ label: 'events-other' }));
    const res = await events(theirs.queue_id, { dont_block: true });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(badQueue(theirs.queue_id));

    const { queue_id: queueId } = await register();
    expect((await api('DELETE', '/events', { auth: user, params: { queue_id: queueId } })).body).toEqual({ result: 'success', msg: '' });
    expect((await events(queueId, { dont_block: true })).body).toEqual(badQueue(queueId));
    expect((await api('DELETE', '/events', { auth: user, params: { queue_id: queueId } })).body).toEqual(badQueue(queueId));
  });

  it('refuses a missing queue_id, unauthenticated callers and deactivated users', async () => {
    expect((await api('GET', '/events', { auth: user, params: {} })).body).toMatchObject({
      result: 'error',
      code: 'REQUEST_VARIABLE_MISSING',
      msg: "Missing 'queue_id' argument",
    });
    const { queue_id: queueId } = await register();
    expect((await api('GET', '/events', { params: { queue_id: queueId } })).status).toBe(401);
    expect(
      (await api('GET', '/events', { auth: { email: user.email, apiKey: 'x'.repeat(32) }, params: { queue_id: queueId } })).status,
    ).toBe(401);
    expect(
      (await api('DELETE', '/events', { auth: { email: owner().email, apiKey: 'y'.repeat(32) }, params: { queue_id: queueId } })).status,
    ).toBe(401);

    const leaving = await createUser({ label: 'events-leaving' });
    const theirs = await register(leaving);
    expect((await api('DELETE', `/users/${leaving.userId}`, { auth: owner() })).status).toBe(200);
    const refused = await eventually(async () => {
      const res = await events(theirs.queue_id, { dont_block: true }, leaving);
      return res.status === 401 ? res : undefined;
    }, 'the deactivation to reach the gateway');
    expect(refused.body).toMatchObject({ result: 'error', code: 'USER_DEACTIVATED' });
  });
});
