import { api, createChannel, createUser, TestEventQueue, uniqueChannelName, type ClientEvent, type TestUser } from '@zulip-es/testing';

/**
 * POST /register while the state it answers changes: each change is either in the state or
 * among the queue's events, never in both and never in neither. A queue registered while
 * drafts are being saved (messages service) or users created (users service) is checked against
 * every change made, and a reader's unread messages while messages are sent to them or marked
 * read.
 */
describe('POST /register state and event queue, registered during writes', () => {
  /** Registers queues one after another for as long as `writing` runs. */
  async function registerDuring(auth: TestUser, params: Record<string, unknown>, writing: Promise<unknown>): Promise<TestEventQueue[]> {
    const registered: TestEventQueue[] = [];
    let done = false;
    void writing.finally(() => (done = true));
    while (!done) registered.push(await TestEventQueue.register(auth, params));
    await writing;
    return registered;
  }

  /** Drains the queue until the ids from state and events cover `expected`, or fails. */
  async function idsOf(queue: TestEventQueue, fromState: number[], fromEvent: (e: ClientEvent) => number[], expected: number[]) {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const fromEvents = (await queue.drain()).flatMap(fromEvent);
      const seen = new Set([...fromState, ...fromEvents]);
      if (expected.every((id) => seen.has(id)) || Date.now() > deadline) return { fromState, fromEvents };
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  it('answers each draft saved meanwhile in the drafts state or as a drafts add event, once', async () => {
    const user = await createUser({ label: 'register-drafts' });
    const saved: number[] = [];
    const saving = (async () => {
      for (let i = 0; i < 40; i++) {
        const res = await api('POST', '/drafts', {
          auth: user,
          params: { drafts: [{ type: '', to: [], topic: '', content: `draft ${i}` }] },
        });
        expect(res.status).toBe(200);
        saved.push(...(res.body.ids as number[]));
      }
    })();
    const queues = await registerDuring(user, { event_types: ['drafts'], fetch_event_types: ['drafts'] }, saving);
    expect(queues.length).toBeGreaterThan(3);
    for (const queue of queues) {
      const { fromState, fromEvents } = await idsOf(
        queue,
        (queue.state.drafts as { id: number }[]).map((d) => d.id),
        (e) => (e.op === 'add' ? (e.drafts as { id: number }[]).map((d) => d.id) : []),
        saved,
      );
      expect([...fromState, ...fromEvents].sort((a, b) => a - b)).toEqual([...saved].sort((a, b) => a - b));
      await queue.delete();
    }
  });

  it('answers each user created meanwhile in realm_users or as a realm_user add event, once', async () => {
    const watcher = await createUser({ label: 'register-users' });
    const created: number[] = [];
    const creating = (async () => {
      for (let i = 0; i < 12; i++) created.push((await createUser({ label: `register-users-${i}` })).userId);
    })();
    const queues = await registerDuring(watcher, { event_types: ['realm_user'], fetch_event_types: ['realm_user'] }, creating);
    expect(queues.length).toBeGreaterThan(3);
    for (const queue of queues) {
      const inState = (queue.state.realm_users as { user_id: number }[]).map((u) => u.user_id).filter((id) => created.includes(id));
      const { fromState, fromEvents } = await idsOf(
        queue,
        inState,
        (e) => (e.op === 'add' ? [(e.person as { user_id: number }).user_id] : []),
        created,
      );
      expect([...fromState, ...fromEvents.filter((id) => created.includes(id))].sort((a, b) => a - b)).toEqual(
        [...created].sort((a, b) => a - b),
      );
      await queue.delete();
    }
  });

  /** The ids of `unread_msgs` (channel messages) in a queue's state. */
  const unreadInState = (queue: TestEventQueue): number[] =>
    (queue.state.unread_msgs as { streams: { unread_message_ids: number[] }[] }).streams.flatMap((s) => s.unread_message_ids);

  async function sendTo(auth: TestUser, channel: string, content: string): Promise<number> {
    const res = await api('POST', '/messages', { auth, params: { type: 'stream', to: channel, topic: 'consistency', content } });
    expect(res.status).toBe(200);
    return res.body.id as number;
  }

  it('answers each message sent meanwhile as unread in unread_msgs or as an unread message event, once', async () => {
    const [reader, sender] = [await createUser({ label: 'register-unread-reader' }), await createUser({ label: 'register-unread-sender' })];
    const channel = uniqueChannelName('register-unread');
    await createChannel({ name: channel, subscribers: [reader.userId, sender.userId] }, sender);
    const sent: number[] = [];
    const sending = (async () => {
      for (let i = 0; i < 40; i++) sent.push(await sendTo(sender, channel, `unread ${i}`));
    })();
    const params = { event_types: ['message', 'update_message_flags'], fetch_event_types: ['message', 'update_message_flags'] };
    const queues = await registerDuring(reader, params, sending);
    expect(queues.length).toBeGreaterThan(3);
    const unreadEvent = (e: ClientEvent) =>
      e.type === 'message' && !(e.flags as string[]).includes('read') ? [(e.message as { id: number }).id] : [];
    for (const queue of queues) {
      const { fromState, fromEvents } = await idsOf(queue, unreadInState(queue), unreadEvent, sent);
      expect([...fromState, ...fromEvents].sort((a, b) => a - b)).toEqual([...sent].sort((a, b) => a - b));
      await queue.delete();
    }
  });

  it('answers each message marked read meanwhile either still unread with a read event, or not unread, never both', async () => {
    const [reader, sender] = [await createUser({ label: 'register-read-reader' }), await createUser({ label: 'register-read-sender' })];
    const channel = uniqueChannelName('register-read');
    await createChannel({ name: channel, subscribers: [reader.userId, sender.userId] }, sender);
    const ids: number[] = [];
    for (let i = 0; i < 30; i++) ids.push(await sendTo(sender, channel, `to be read ${i}`));
    const marking = (async () => {
      for (const id of ids) {
        const res = await api('POST', '/messages/flags', { auth: reader, params: { messages: [id], op: 'add', flag: 'read' } });
        expect(res.status).toBe(200);
      }
    })();
    const params = { event_types: ['update_message_flags'], fetch_event_types: ['message', 'update_message_flags'] };
    const queues = await registerDuring(reader, params, marking);
    expect(queues.length).toBeGreaterThan(3);
    const readEvent = (e: ClientEvent) =>
      e.type === 'update_message_flags' && e.op === 'add' && e.flag === 'read' ? (e.messages as number[]) : [];
    for (const queue of queues) {
      const stillUnread = unreadInState(queue).filter((id) => ids.includes(id));
      // Every id still unread in the state must be heard read, and only those.
      const { fromEvents } = await idsOf(
        queue,
        ids.filter((id) => !stillUnread.includes(id)),
        readEvent,
        ids,
      );
      expect([...fromEvents].sort((a, b) => a - b)).toEqual(stillUnread.sort((a, b) => a - b));
      await queue.delete();
    }
  });
});
