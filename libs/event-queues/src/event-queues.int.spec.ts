import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { EventQueues, QUEUE_IDLE_MS, type QueuedEvent } from './event-queues';
import { messageTraits } from './narrow';
import { QueueWaker } from './queue-waker';

describe('event queues in Redis', () => {
  // The stack's address (StackEndpointsSchema's default): this library builds on the contracts alone.
  const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:16379';
  const redis = new Redis(REDIS_URL);
  const queues = new EventQueues(redis);
  const USER = 900_000_001;
  afterAll(() => redis.quit());

  it('numbers events from 0 in order, returns those after last_event_id and drops the acknowledged ones', async () => {
    const queueId = await queues.create({ userId: USER, eventTypes: null });
    expect(await queues.read(queueId, USER)).toEqual([]);
    expect(await queues.append(queueId, [{ type: 'drafts', op: 'remove', draft_id: 3 }, { type: 'invites_changed' }])).toBe(1);
    expect(await queues.append(queueId, [{ type: 'realm_linkifiers', realm_linkifiers: [] }])).toBe(2);

    expect(await queues.read(queueId, USER, -1)).toEqual([
      { id: 0, type: 'drafts', op: 'remove', draft_id: 3 },
      { id: 1, type: 'invites_changed' },
      { id: 2, type: 'realm_linkifiers', realm_linkifiers: [] },
    ]);
    expect(await queues.read(queueId, USER, 1)).toEqual([{ id: 2, type: 'realm_linkifiers', realm_linkifiers: [] }]);
    // Acknowledged: gone even for a reader that asks again from the start.
    expect((await queues.read(queueId, USER))!.map((e) => e.id)).toEqual([2]);
  });

  it('queues only the event types the queue asked for, and heartbeats always', async () => {
    const queueId = await queues.create({ userId: USER, eventTypes: ['message', 'typing'] });
    expect(await queues.append(queueId, [{ type: 'drafts', op: 'remove', draft_id: 1 }])).toBe(-1);
    await queues.append(queueId, [{ type: 'typing', op: 'start' }, { type: 'heartbeat' }, { type: 'messages' }]);
    expect(await queues.read(queueId, USER)).toEqual([
      { id: 0, type: 'typing', op: 'start' },
      { id: 1, type: 'heartbeat' },
    ]);
  });

  it('serves a queue only to its owner, and forgets it once deleted', async () => {
    const queueId = await queues.create({ userId: USER, eventTypes: null });
    expect(await queues.read(queueId, USER + 1)).toBeNull();
    expect(await queues.delete(queueId, USER + 1)).toBe(false);
    expect(await queues.queuesOf(USER)).toContain(queueId);
    expect(await queues.delete(queueId, USER)).toBe(true);
    expect(await queues.read(queueId, USER)).toBeNull();
    expect(await queues.append(queueId, [{ type: 'invites_changed' }])).toBeNull();
    expect(await queues.queuesOf(USER)).not.toContain(queueId);
  });

  it('expires a queue nobody read for the idle period, events and all; reading keeps it', async () => {
    const shortLived = new EventQueues(redis, 300);
    const kept = await shortLived.create({ userId: USER, eventTypes: null });
    const idle = await shortLived.create({ userId: USER, eventTypes: null });
    await shortLived.append(idle, [{ type: 'invites_changed' }]);
    for (let i = 0; i < 4; i++) {
      await new Promise((r) => setTimeout(r, 120));
      expect(await shortLived.read(kept, USER)).toEqual([]);
    }
    expect(await shortLived.read(idle, USER)).toBeNull();
    expect(await redis.exists(`evq:${idle}:events`)).toBe(0);
    // A new queue of the user drops the expired ones from the user's list.
    await shortLived.create({ userId: USER, eventTypes: null });
    expect(await shortLived.queuesOf(USER)).not.toContain(idle);
  });

  it('keeps at most the bound of queues per user: one more drops the queue read longest ago', async () => {
    const bounded = new EventQueues(redis, QUEUE_IDLE_MS, 3);
    const user = 700_000_000 + Math.floor(Math.random() * 50_000_000);
    // A few ms apart: a queue's place is the time it expires unless read.
    const create = async () => {
      await new Promise((r) => setTimeout(r, 5));
      return bounded.create({ userId: user, eventTypes: null });
    };
    const [first, second, third] = [await create(), await create(), await create()];
    await bounded.append(first, [{ type: 'invites_changed' }]);
    await new Promise((r) => setTimeout(r, 5));
    expect(await bounded.read(first, user)).toHaveLength(1); // read last: kept
    const fourth = await create();
    expect((await bounded.queuesOf(user)).sort()).toEqual([first, third, fourth].sort());
    expect(await bounded.read(second, user)).toBeNull();
    expect(await redis.exists(`evq:${second}`, `evq:${second}:events`)).toBe(0);
    expect(await bounded.read(third, user)).toEqual([]);
  });

  it("wakes the watches of a queue's user when an event is queued, from any connection, and times out otherwise", async () => {
    const waker = new QueueWaker(redis.duplicate());
    // A user of this run only: nothing else queues for them while the quiet watch waits.
    const user = 600_000_000 + Math.floor(Math.random() * 50_000_000);
    try {
      const queueId = await queues.create({ userId: user, eventTypes: null });
      const watch = await waker.watch(user, 5_000);
      const elsewhere = await waker.watch(user + 1, 5_000);
      expect(waker.watching).toBe(2);
      let elsewhereWoken = false;
      void elsewhere.next().then((woken) => (elsewhereWoken = woken));
      const otherConnection = redis.duplicate();
      await new EventQueues(otherConnection).append(queueId, [{ type: 'invites_changed' }]);
      await otherConnection.quit();
      expect(await watch.next()).toBe(true);
      // Woken while nobody waited: the next call answers at once.
      await queues.append(queueId, [{ type: 'invites_changed' }]);
      await new Promise((r) => setTimeout(r, 100));
      expect(await watch.next()).toBe(true);
      watch.end();
      // Another user's watch was not woken.
      expect(elsewhereWoken).toBe(false);
      elsewhere.end();
      expect(waker.watching).toBe(0);

      const quiet = await waker.watch(user, 100);
      expect(await quiet.next()).toBe(false);
      quiet.end();

      const abandoned = await waker.watch(user, 5_000);
      const waiting = abandoned.next();
      abandoned.cancel();
      expect(await waiting).toBe(false);
      await queues.append(queueId, [{ type: 'invites_changed' }]);
      expect(await abandoned.next()).toBe(false);
      abandoned.end();
      abandoned.end();
      expect(waker.watching).toBe(0);
    } finally {
      waker.stop();
    }
  });

  describe('fan-out of a domain-events record', () => {
    const OTHER = USER + 1;
    const record = (offset: bigint) => ({ topic: `fan-out-test-${topicSuffix}`, partition: 3, offset });
    const topicSuffix = randomUUID();

    it('queues each delivery to every queue of its users, by their event types, and wakes them', async () => {
      const [all, messagesOnly, others] = await Promise.all([
        queues.create({ userId: USER, eventTypes: null }),
        queues.create({ userId: USER, eventTypes: ['message'] }),
        queues.create({ userId: OTHER, eventTypes: null }),
      ]);
      const waker = new QueueWaker(redis.duplicate());
      try {
        const watch = await waker.watch(OTHER, 5_000);
        const queued = await queues.fanOut(record(10n), [
          { userIds: [USER, OTHER], event: { type: 'message', message: { id: 1 }, flags: [] } },
          { userIds: [OTHER], event: { type: 'drafts', op: 'remove', draft_id: 9 } },
        ]);
        expect(queued).toBe(true);
        expect(await watch.next()).toBe(true);
        watch.end();
      } finally {
        waker.stop();
      }
      expect(await queues.read(all, USER)).toEqual([{ id: 0, type: 'message', message: { id: 1 }, flags: [] }]);
      expect(await queues.read(messagesOnly, USER)).toEqual([{ id: 0, type: 'message', message: { id: 1 }, flags: [] }]);
      expect(await queues.read(others, OTHER)).toEqual([
        { id: 0, type: 'message', message: { id: 1 }, flags: [] },
        { id: 1, type: 'drafts', op: 'remove', draft_id: 9 },
      ]);
    });

    it('logs a delivery once, writing nothing per queue; each queue takes a reference to the body when read, its own id spliced in', async () => {
      const users = [USER + 60, USER + 61, USER + 62];
      const queueIds = await Promise.all(
        users.flatMap((userId) => [queues.create({ userId, eventTypes: null }), queues.create({ userId, eventTypes: null })]),
      );
      const body = { type: 'message', message: { id: 7, content: `<p>${'x'.repeat(2_000)}</p>` }, flags: [] };
      await queues.append(queueIds[0]!, [{ type: 'heartbeat' }]);
      await queues.fanOut(record(15n), [{ userIds: users, event: body }]);

      for (const queueId of queueIds.slice(1)) expect(await redis.exists(`evq:${queueId}:events`)).toBe(0);
      expect(await queues.read(queueIds[0]!, USER + 60)).toEqual([
        { id: 0, type: 'heartbeat' },
        { id: 1, ...body },
      ]);
      for (const [i, queueId] of queueIds.entries())
        if (i > 0) expect(await queues.read(queueId, users[Math.floor(i / 2)]!)).toEqual([{ id: 0, ...body }]);
      for (const queueId of queueIds) {
        const members = await redis.zrange(`evq:${queueId}:events`, 0, -1);
        expect(members.every((m) => m.length < 100)).toBe(true);
      }
    });

    it('keeps a body as long as a queue that has not acknowledged it; a body gone all the same makes the queue gone', async () => {
      const [kept, lost] = await Promise.all([
        queues.create({ userId: USER, eventTypes: null }),
        queues.create({ userId: OTHER, eventTypes: null }),
      ]);
      await queues.fanOut(record(16n), [{ userIds: [USER], event: { type: 'invites_changed' } }]);
      await queues.fanOut(record(17n), [{ userIds: [OTHER], event: { type: 'invites_changed' } }]);
      const bodiesOf = async (queueId: string) => `evq:body:${(await redis.zrange(`evq:${queueId}:events`, 0, 0))[0]!.split('|')[1]}`;

      expect(await queues.read(kept, USER)).toEqual([{ id: 0, type: 'invites_changed' }]);
      const keptBodies = await bodiesOf(kept);
      await redis.pexpire(keptBodies, 1_000);
      expect(await queues.read(kept, USER)).toEqual([{ id: 0, type: 'invites_changed' }]);
      expect(await redis.pttl(keptBodies)).toBeGreaterThan(60_000);

      expect(await queues.read(lost, OTHER)).toEqual([{ id: 0, type: 'invites_changed' }]);
      await redis.del(await bodiesOf(lost));
      expect(await queues.read(lost, OTHER)).toBeNull();
    });

    it('delivers a record once: the same or an older offset of the partition queues nothing', async () => {
      const queueId = await queues.create({ userId: USER, eventTypes: null });
      expect(await queues.fanOut(record(20n), [{ userIds: [USER], event: { type: 'invites_changed' } }])).toBe(true);
      expect(await queues.fanOut(record(20n), [{ userIds: [USER], event: { type: 'invites_changed' } }])).toBe(false);
      expect(await queues.fanOut(record(19n), [{ userIds: [USER], event: { type: 'invites_changed' } }])).toBe(false);
      expect(await queues.deliveredThrough(record(0n).topic, 3)).toBe(20n);
      expect(await queues.read(queueId, USER)).toEqual([{ id: 0, type: 'invites_changed' }]);
    });

    it('queues to each queue the variant of its registration options, the event itself where none differs', async () => {
      const html = await queues.create({ userId: USER, eventTypes: null });
      const markdown = await queues.create({ userId: USER, eventTypes: null, applyMarkdown: false });
      const both = await queues.create({ userId: USER, eventTypes: null, applyMarkdown: false, clientGravatar: true });
      const gravatar = await queues.create({ userId: USER, eventTypes: null, clientGravatar: true });
      await queues.fanOut(record(30n), [
        {
          userIds: [USER],
          event: { type: 'message', content: '<p>hi</p>', avatar_url: 'a' },
          variants: {
            markdown: { type: 'message', content: 'hi', avatar_url: 'a' },
            'markdown+client_gravatar': { type: 'message', content: 'hi', avatar_url: null },
          },
        },
      ]);
      expect(await queues.read(html, USER)).toEqual([{ id: 0, type: 'message', content: '<p>hi</p>', avatar_url: 'a' }]);
      expect(await queues.read(markdown, USER)).toEqual([{ id: 0, type: 'message', content: 'hi', avatar_url: 'a' }]);
      expect(await queues.read(both, USER)).toEqual([{ id: 0, type: 'message', content: 'hi', avatar_url: null }]);
      expect(await queues.read(gravatar, USER)).toEqual([{ id: 0, type: 'message', content: '<p>hi</p>', avatar_url: 'a' }]);
    });

    it('queues a delivery for a client capability only to the queues that declared it, or only to the others', async () => {
      const capable = await queues.create({
        userId: USER,
        eventTypes: null,
        capabilities: ['bulk_message_deletion', 'linkifier_url_template'],
      });
      const plain = await queues.create({ userId: USER, eventTypes: null });
      await queues.fanOut(record(40n), [
        {
          userIds: [USER],
          event: { type: 'delete_message', message_ids: [1, 2] },
          onlyIf: [{ capability: 'bulk_message_deletion', present: true }],
        },
        {
          userIds: [USER],
          event: { type: 'delete_message', message_id: 1 },
          onlyIf: [{ capability: 'bulk_message_deletion', present: false }],
        },
        {
          userIds: [USER],
          event: { type: 'delete_message', message_id: 2 },
          onlyIf: [{ capability: 'bulk_message_deletion', present: false }],
        },
        {
          userIds: [USER],
          event: { type: 'realm_linkifiers', realm_linkifiers: [] },
          onlyIf: [{ capability: 'linkifier_url_template', present: true }],
        },
      ]);
      expect(await queues.read(capable, USER)).toEqual([
        { id: 0, type: 'delete_message', message_ids: [1, 2] },
        { id: 1, type: 'realm_linkifiers', realm_linkifiers: [] },
      ]);
      expect(await queues.read(plain, USER)).toEqual([
        { id: 0, type: 'delete_message', message_id: 1 },
        { id: 1, type: 'delete_message', message_id: 2 },
      ]);
      await queues.fanOut(record(41n), [
        {
          userIds: [USER],
          event: { type: 'typing', n: 1 },
          onlyIf: [
            { capability: 'bulk_message_deletion', present: true },
            { capability: 'linkifier_url_template', present: false },
          ],
        },
        {
          userIds: [USER],
          event: { type: 'typing', n: 2 },
          onlyIf: [
            { capability: 'bulk_message_deletion', present: true },
            { capability: 'linkifier_url_template', present: true },
          ],
        },
      ]);
      expect((await queues.read(capable, USER, 1))!.map((e) => e.n)).toEqual([2]);
      expect(await queues.read(plain, USER, 1)).toEqual([]);
    });

    it('queues a message only to the queues whose narrow it satisfies, operands compared without case, and other events to all', async () => {
      const [byChannel, direct, byChannelAndTopic, ignoredTerm] = await Promise.all([
        queues.create({ userId: USER, eventTypes: null, narrow: [['stream', 'Denmark']] }),
        queues.create({ userId: USER, eventTypes: null, narrow: [['is', 'dm']] }),
        queues.create({
          userId: USER,
          eventTypes: null,
          narrow: [
            ['channel', 'denmark'],
            ['topic', 'LUNCH'],
          ],
        }),
        queues.create({ userId: USER, eventTypes: null, narrow: [['is', 'home']] }),
      ]);
      const message = (n: number, channel?: { name: string; topic: string }) => ({
        userIds: [USER],
        event: { type: 'message', n },
        traits: messageTraits({ channel, senderEmail: 'ada@example.com', flags: [] }),
      });
      await queues.fanOut(record(45n), [
        message(1, { name: 'Denmark', topic: 'lunch' }),
        message(2, { name: 'Denmark', topic: 'dinner' }),
        message(3),
        message(4, { name: 'Sweden', topic: 'lunch' }),
        { userIds: [USER], event: { type: 'invites_changed' } },
      ]);
      const got = async (queueId: string) => (await queues.read(queueId, USER))!.map((e) => e.n ?? e.type);
      expect(await got(byChannel)).toEqual([1, 2, 'invites_changed']);
      expect(await got(direct)).toEqual([3, 'invites_changed']);
      expect(await got(byChannelAndTopic)).toEqual([1, 'invites_changed']);
      expect(await got(ignoredTerm)).toEqual([1, 2, 3, 4, 'invites_changed']);
    });

    it('queues a public channel’s message without flags to the all_public_streams queues its readers’ deliveries did not offer it, as their narrows allow', async () => {
      const [watcher, narrowWatcher, bystander] = [USER + 50, USER + 51, USER + 52];
      const [watching, watchingElsewhere, subscribedWatching, notWatching] = await Promise.all([
        queues.create({ userId: watcher, eventTypes: null, allPublicStreams: true }),
        queues.create({ userId: narrowWatcher, eventTypes: null, allPublicStreams: true, narrow: [['channel', 'elsewhere']] }),
        queues.create({ userId: USER, eventTypes: null, allPublicStreams: true }),
        queues.create({ userId: bystander, eventTypes: null }),
      ]);
      const traits = (flags: string[]) =>
        messageTraits({ channel: { name: 'general', topic: 't' }, senderEmail: 'ada@example.com', flags });
      await queues.fanOut(record(46n), [
        { userIds: [USER], event: { type: 'message', flags: ['read'] }, traits: traits(['read']) },
        { userIds: [], event: { type: 'message', flags: [] }, traits: traits([]), allPublicStreams: true },
      ]);
      expect(await queues.read(watching, watcher)).toEqual([{ id: 0, type: 'message', flags: [] }]);
      expect(await queues.read(subscribedWatching, USER)).toEqual([{ id: 0, type: 'message', flags: ['read'] }]);
      expect(await queues.read(watchingElsewhere, narrowWatcher)).toEqual([]);
      expect(await queues.read(notWatching, bystander)).toEqual([]);
      expect(await queues.delete(watching, watcher)).toBe(true);
      expect(await redis.sismember('evq:public', watching)).toBe(0);
    });

    it('queues to an all_public_streams queue the one of a message’s capability forms it takes', async () => {
      const watcher = USER + 53;
      const [declared, undeclared] = await Promise.all([
        queues.create({ userId: watcher, eventTypes: null, allPublicStreams: true, capabilities: ['empty_topic_name'] }),
        queues.create({ userId: watcher, eventTypes: null, allPublicStreams: true }),
      ]);
      await queues.fanOut(record(47n), [
        {
          userIds: [],
          event: { type: 'message', subject: '' },
          allPublicStreams: true,
          onlyIf: [{ capability: 'empty_topic_name', present: true }],
        },
        {
          userIds: [],
          event: { type: 'message', subject: 'general chat' },
          allPublicStreams: true,
          onlyIf: [{ capability: 'empty_topic_name', present: false }],
        },
      ]);
      expect(await queues.read(declared, watcher)).toEqual([{ id: 0, type: 'message', subject: '' }]);
      expect(await queues.read(undeclared, watcher)).toEqual([{ id: 0, type: 'message', subject: 'general chat' }]);
    });

    it('delivers client events that come from no record every time they are given', async () => {
      const queueId = await queues.create({ userId: USER, eventTypes: ['typing'] });
      const typing = { type: 'typing', op: 'start', message_type: 'direct' };
      await queues.deliver([{ userIds: [USER], event: typing }]);
      await queues.deliver([{ userIds: [USER], event: typing }]);
      expect(await queues.read(queueId, USER)).toEqual([
        { id: 0, ...typing },
        { id: 1, ...typing },
      ]);
    });

    it('counts a user with a live queue that receives messages as on Zulip', async () => {
      const [withMessages, typingOnly, none] = [USER + 10, USER + 11, USER + 12];
      await queues.create({ userId: withMessages, eventTypes: null });
      await queues.create({ userId: typingOnly, eventTypes: ['typing'] });
      const gone = await queues.create({ userId: none, eventTypes: ['message'] });
      await queues.delete(gone, none);
      expect(await queues.onZulip([withMessages, typingOnly, none])).toEqual(new Set([withMessages]));
    });

    it('queues an event for a whole organization to the users among it who hold a queue, and only to them', async () => {
      // Fresh ids: queues of an earlier run (Redis keeps its data) must not count.
      const first = 901_000_000 + Math.floor(Math.random() * 3_000_000) * 3;
      const [holder, left, without] = [first, first + 1, first + 2];
      const kept = await queues.create({ userId: holder, eventTypes: null });
      const deleted = await queues.create({ userId: left, eventTypes: null });
      await queues.delete(deleted, left);
      expect(await queues.holders()).toEqual(expect.arrayContaining([holder]));
      expect(await queues.holders()).not.toContain(left);
      // Many more users than hold queues: the holders are gone through instead.
      const organization = [...Array.from({ length: 20_000 }, (_, i) => 800_000_000 + i), holder, left, without];
      await queues.fanOut(record(50n), [{ userIds: organization, event: { type: 'invites_changed' } }]);
      expect(await queues.read(kept, holder)).toEqual([{ id: 0, type: 'invites_changed' }]);
      await queues.fanOut(record(51n), [{ userIds: [holder], event: { type: 'realm_linkifiers', realm_linkifiers: [] } }]);
      expect(await queues.read(kept, holder, 0)).toEqual([{ id: 1, type: 'realm_linkifiers', realm_linkifiers: [] }]);
    });

    it('forgets a user as a holder once their last queue expired, when a fan-out or a new queue of theirs finds it gone', async () => {
      const shortLived = new EventQueues(redis, 100);
      // Users of this run only: the stack's Redis keeps the queues of earlier runs.
      const expiring = 700_000_000 + 2 * Math.floor(Math.random() * 50_000_000);
      const renewing = expiring + 1;
      await shortLived.create({ userId: expiring, eventTypes: null });
      await shortLived.create({ userId: renewing, eventTypes: null });
      await new Promise((r) => setTimeout(r, 200));
      await queues.fanOut(record(60n), [{ userIds: [expiring], event: { type: 'invites_changed' } }]);
      expect(await queues.holders()).not.toContain(expiring);
      expect(await queues.queuesOf(expiring)).toEqual([]);
      const renewed = await queues.create({ userId: renewing, eventTypes: null });
      expect(await queues.queuesOf(renewing)).toEqual([renewed]);
      expect(await queues.holders()).toContain(renewing);
    });

    it('lists as holders the users with queues missing from the list (queues of a release that kept none)', async () => {
      const older = USER + 40;
      const queueId = await queues.create({ userId: older, eventTypes: null });
      await redis.srem('evq:users', String(older));
      await queues.indexHolders();
      expect(await queues.holders()).toContain(older);
      await queues.fanOut(
        record(70n),
        Array.from({ length: 3 }, () => ({
          userIds: [older, ...Array.from({ length: 5_000 }, (_, i) => 810_000_000 + i)],
          event: { type: 'invites_changed' },
        })),
      );
      expect((await queues.read(queueId, older))!.length).toBe(3);
    });

    it('drops, once a settling queue is settled, the events of the records its state reflects, and queues none of them later', async () => {
      const settling = await queues.create({ userId: USER, eventTypes: null, settling: true });
      const plain = await queues.create({ userId: USER, eventTypes: null });
      const other = { topic: `fan-out-other-${topicSuffix}`, partition: 0 };
      const deliver = (source: { topic: string; partition: number; offset: bigint }, n: number) =>
        queues.fanOut(source, [{ userIds: [USER], event: { type: 'drafts', op: 'remove', draft_id: n } }]);
      await deliver(record(80n), 1);
      await deliver(record(81n), 2);
      await deliver({ ...other, offset: 5n }, 3);
      await deliver(record(82n), 4);
      await queues.deliver([{ userIds: [USER], event: { type: 'typing', op: 'start' } }]);
      // The state reflects the first partition through 84 (not fanned out yet), the other not at all.
      await queues.settle(settling, [
        { topic: record(0n).topic, partition: 3, offset: '84' },
        { topic: `fan-out-unread-${topicSuffix}`, partition: 0, offset: '7' },
      ]);
      await deliver(record(84n), 5);
      await deliver(record(85n), 6);
      const ids = (events: QueuedEvent[] | null) => events!.map((e) => e.draft_id ?? 'typing');
      expect(ids(await queues.read(settling, USER))).toEqual([3, 'typing', 6]);
      expect(ids(await queues.read(plain, USER))).toEqual([1, 2, 3, 4, 'typing', 5, 6]);
    });

    it('drops a log entry an idle period after it was logged, and not before: a queue read within that period takes it', async () => {
      // A database of its own: the stack's log holds other tests' entries, older and longer-lived.
      const own = new Redis(REDIS_URL, { db: 7 });
      try {
        await own.flushdb();
        const shortLived = new EventQueues(own, 300);
        const queueId = await shortLived.create({ userId: USER, eventTypes: null });
        await shortLived.fanOut(record(90n), [{ userIds: [USER], event: { type: 'invites_changed' } }]);
        await new Promise((r) => setTimeout(r, 150));
        await shortLived.fanOut(record(91n), [{ userIds: [USER], event: { type: 'drafts', op: 'remove', draft_id: 1 } }]);
        expect(await own.zcard('evq:log')).toBe(2);
        expect((await shortLived.read(queueId, USER))!.map((e) => e.type)).toEqual(['invites_changed', 'drafts']);
        await new Promise((r) => setTimeout(r, 200));
        await shortLived.fanOut(record(92n), [{ userIds: [USER], event: { type: 'invites_changed' } }]);
        expect(await own.zcard('evq:log')).toBe(2);
        await new Promise((r) => setTimeout(r, 200));
        await shortLived.fanOut(record(93n), [{ userIds: [USER + 1], event: { type: 'invites_changed' } }]);
        expect(await own.zcard('evq:log')).toBe(1);
      } finally {
        own.disconnect();
      }
    });

    it('logs nothing for a delivery none of whose users holds a queue', async () => {
      const own = new Redis(REDIS_URL, { db: 7 });
      try {
        await own.flushdb();
        const queueId = await new EventQueues(own).create({ userId: USER, eventTypes: null });
        // Fewer users than hold queues (each is looked up), then more (the holders are gone through).
        await new EventQueues(own).fanOut(record(95n), [{ userIds: [USER + 1], event: { type: 'invites_changed' } }]);
        await new EventQueues(own).fanOut(record(96n), [{ userIds: [USER + 1, USER + 2], event: { type: 'invites_changed' } }]);
        expect(await own.zcard('evq:log')).toBe(0);
        expect(await new EventQueues(own).read(queueId, USER)).toEqual([]);
      } finally {
        own.disconnect();
      }
    });

    it('reports as gone a queue that keeps no place in the log (one created by a release before the log): its client registers again', async () => {
      const queueId = await queues.create({ userId: USER, eventTypes: null });
      await redis.hdel(`evq:${queueId}`, 'cursor');
      expect(await queues.append(queueId, [{ type: 'heartbeat' }])).toBeNull();
      expect(await queues.read(queueId, USER)).toBeNull();
    });

    it('starts a partition delivered through the given offset only when nothing of it was delivered', async () => {
      const fresh = `fan-out-start-${randomUUID()}`;
      expect(await queues.deliveredThrough(fresh, 0)).toBeUndefined();
      await queues.deliverFrom(fresh, 0, 41n);
      await queues.deliverFrom(fresh, 0, 99n);
      expect(await queues.deliveredThrough(fresh, 0)).toBe(41n);
      expect(await queues.fanOut({ topic: fresh, partition: 0, offset: 41n }, [])).toBe(false);
      expect(await queues.fanOut({ topic: fresh, partition: 0, offset: 42n }, [])).toBe(true);
    });
  });
});
