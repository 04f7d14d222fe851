import { Role } from '@zulip-es/contracts';
import { api, createChannel, createUser, TestEventQueue, type ClientEvent, type TestUser } from '@zulip-es/testing';

/**
 * A queue's `narrow` filters the messages it is sent; `all_public_streams` adds public channels'
 * messages the user is not subscribed to. Absence is exact: messages are fanned out in the order
 * they were sent, so once a queue has a later one it will never get an earlier one.
 */
describe('POST /register narrow and all_public_streams', () => {
  let alice: TestUser;
  let bob: TestUser;
  beforeAll(async () => {
    [alice, bob] = await Promise.all([createUser({ label: 'narrow-alice' }), createUser({ label: 'narrow-bob' })]);
  });

  const send = async (to: number | number[], topic: string, content: string): Promise<number> => {
    const params = Array.isArray(to) ? { type: 'direct', to, content } : { type: 'stream', to, topic, content };
    const res = await api('POST', '/messages', { auth: bob, params });
    expect(res.status).toBe(200);
    return res.body.id as number;
  };
  const messageIds = (queue: TestEventQueue) => queue.ofType('message').map((e) => (e.message as { id: number }).id);
  const isMessage = (id: number) => (e: ClientEvent) => e.type === 'message' && (e.message as { id: number }).id === id;
  const nameOf = async (channelId: number) =>
    ((await api('GET', `/streams/${channelId}`, { auth: alice })).body.stream as { name: string }).name;

  it('queues only the messages every term matches, channel and topic compared without case', async () => {
    const [denmark, sweden] = await Promise.all([
      createChannel({ subscribers: [alice.userId, bob.userId] }),
      createChannel({ subscribers: [alice.userId, bob.userId] }),
    ]);
    const [byTopic, direct] = await Promise.all([
      TestEventQueue.register(alice, {
        event_types: ['message'],
        narrow: [
          ['channel', (await nameOf(denmark)).toUpperCase()],
          ['topic', 'Lunch'],
        ],
      }),
      TestEventQueue.register(alice, { event_types: ['message'], narrow: [['is', 'dm']] }),
    ]);
    await send(sweden, 'lunch', 'elsewhere');
    await send(denmark, 'dinner', 'other topic');
    const dm = await send([alice.userId], '', 'direct');
    const wanted = await send(denmark, 'lunch', 'wanted');
    await byTopic.waitFor(isMessage(wanted));
    expect(messageIds(byTopic)).toEqual([wanted]);
    await direct.waitFor(isMessage(dm));
    const later = await send([alice.userId], '', 'later');
    await direct.waitFor(isMessage(later));
    expect(messageIds(direct)).toEqual([dm, later]);
  });

  it('refuses an operator events cannot be filtered on, and terms that are not operator and operand', async () => {
    const refused = await api('POST', '/register', { auth: alice, params: { narrow: [['search', 'lunch']] } });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ result: 'error', code: 'BAD_REQUEST', msg: 'Operator search not supported.' });
    const followed = await api('POST', '/register', { auth: alice, params: { narrow: [['is', 'followed']] } });
    expect(followed.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'Operand followed not supported.' });
    expect((await api('POST', '/register', { auth: alice, params: { narrow: [['channel']] } })).status).toBe(400);
    expect((await api('POST', '/register', { auth: alice, params: { narrow: 'channel' } })).status).toBe(400);
  });

  it('with all_public_streams, queues public channels’ messages the user is not subscribed to without flags, and no private channel’s', async () => {
    const [open, closed] = await Promise.all([
      createChannel({ subscribers: [bob.userId] }),
      createChannel({ subscribers: [bob.userId], invite_only: true }),
    ]);
    const watching = await TestEventQueue.register(alice, { event_types: ['message'], all_public_streams: true });
    await send(closed, 'secret', 'private');
    const seen = await send(open, 'news', 'public');
    expect((await watching.waitFor(isMessage(seen))).flags).toEqual([]);
    expect(messageIds(watching)).toEqual([seen]);
  });

  it('refuses all_public_streams to a guest', async () => {
    const guest = await createUser({ role: Role.GUEST, label: 'narrow-guest' });
    const res = await api('POST', '/register', { auth: guest, params: { all_public_streams: true } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ result: 'error', code: 'BAD_REQUEST', msg: 'User not authorized for this query' });
  });
});
