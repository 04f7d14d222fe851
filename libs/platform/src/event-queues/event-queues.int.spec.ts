import { Redis } from 'ioredis';
import { StackEndpointsSchema } from '../config/stack-endpoints';
import { EventQueues } from './event-queues';
import { QueueWaker } from './queue-waker';

describe('event queues in Redis', () => {
  const { REDIS_URL } = StackEndpointsSchema.parse(process.env);
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
    expect(await queues.read(queueId, USER)).toEqual([{ id: 0, type: 'typing', op: 'start' }, { id: 1, type: 'heartbeat' }]);
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

  it('wakes a watch when an event is queued, from any connection, and times out otherwise', async () => {
    const waker = new QueueWaker(redis.duplicate());
    try {
      const queueId = await queues.create({ userId: USER, eventTypes: null });
      const watch = await waker.watch(queueId, 5_000);
      const otherConnection = redis.duplicate();
      await new EventQueues(otherConnection).append(queueId, [{ type: 'invites_changed' }]);
      await otherConnection.quit();
      expect(await watch.woken).toBe(true);
      await watch.end();

      const quiet = await waker.watch(queueId, 100);
      expect(await quiet.woken).toBe(false);
      await quiet.end();

      const abort = new AbortController();
      const abandoned = await waker.watch(queueId, 5_000, abort.signal);
      abort.abort();
      expect(await abandoned.woken).toBe(false);
      await abandoned.end();
    } finally {
      waker.stop();
    }
  });
});
