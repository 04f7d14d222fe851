import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { EventQueues, QueuedEvent, QueueWaker, QueueWatch } from '@zulip-es/event-queues';
import { DomainError } from '@zulip-es/platform';
import type { Credential } from '../auth/auth-read-model';
import { asDomainError, renderError, renderSuccess } from '../http/render';
import { parseParams, type RawValues } from '../params/parse-params';

export interface EventRoutesDeps {
  /** The authenticated caller (as every API route checks it), counted against the rate limit. */
  caller(req: FastifyRequest, reply: FastifyReply): Promise<Credential>;
  /**
   * The authenticated caller of an event poll, not counted: Zulip serves polls from Tornado
   * outside its request rate limits, and a client polls once per batch of events it gets (or
   * heartbeat), which a per-minute limit meant for API calls would cut off in a busy organization.
   */
  poller(req: FastifyRequest): Credential;
  queues: EventQueues;
  waker: QueueWaker;
  heartbeatMs: number;
}

const GET_EVENTS = {
  params: z.object({
    queue_id: z.string().min(1),
    last_event_id: z.number().int().optional(),
    dont_block: z.boolean().default(false),
  }),
};
const DELETE_QUEUE = { params: z.object({ queue_id: z.string().min(1) }) };

const badQueue = (queueId: string): DomainError =>
  new DomainError('BAD_EVENT_QUEUE_ID', `Bad event queue ID: ${queueId}`, { queue_id: queueId });

/**
 * GET /events and DELETE /events, served from the queues in Redis with no Kafka hop: events
 * after `last_event_id` (those up to it acknowledged and dropped); none yet, the request waits
 * for one, or answers a `heartbeat` after `heartbeatMs`.
 */
export function registerEventRoutes(api: FastifyInstance, deps: EventRoutesDeps): void {
  api.get(
    '/events',
    route(async (req, reply) => {
      const actor = deps.poller(req);
      const { data, ignored } = parseParams(GET_EVENTS, sources(req));
      const { queue_id: queueId, last_event_id: lastEventId, dont_block: dontBlock } = data as z.infer<typeof GET_EVENTS.params>;
      const read = async () => (await deps.queues.read(queueId, actor.userId, lastEventId)) ?? Promise.reject(badQueue(queueId));
      let events = await read();
      if (events.length === 0 && !dontBlock) events = await longPoll(reply, deps, actor.userId, queueId, read);
      return renderSuccess(reply, { events, queue_id: queueId }, ignored);
    }),
  );

  api.delete(
    '/events',
    route(async (req, reply) => {
      const actor = await deps.caller(req, reply);
      const { data, ignored } = parseParams(DELETE_QUEUE, sources(req));
      const queueId = (data as z.infer<typeof DELETE_QUEUE.params>).queue_id;
      if (!(await deps.queues.delete(queueId, actor.userId))) throw badQueue(queueId);
      return renderSuccess(reply, {}, ignored);
    }),
  );
}

/**
 * Waits for the queue's next event, or queues a heartbeat when none came in time. A wake-up with
 * nothing for this queue (an event of its user that its options filter out) waits on. A client
 * that goes away ends the wait, and gets no heartbeat queued for it.
 */
async function longPoll(
  reply: FastifyReply,
  deps: EventRoutesDeps,
  userId: number,
  queueId: string,
  read: () => Promise<QueuedEvent[]>,
): Promise<QueuedEvent[]> {
  let gone = false;
  let watch: QueueWatch | undefined;
  const onClose = () => {
    gone = true;
    watch?.cancel();
  };
  reply.raw.once('close', onClose);
  try {
    watch = await deps.waker.watch(userId, deps.heartbeatMs);
    // Subscribed now: an event queued since the first read is either here or wakes the watch.
    const events = gone ? [] : await read();
    if (events.length > 0) return events;
    while (!gone) {
      const woken = await watch.next();
      if (gone) break;
      if (!woken) {
        await deps.queues.append(queueId, [{ type: 'heartbeat' }]);
        return await read();
      }
      const more = await read();
      if (more.length > 0) return more;
    }
    return [];
  } finally {
    reply.raw.off('close', onClose);
    watch?.end();
  }
}

function route(handle: (req: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>) {
  return async (req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    try {
      return await handle(req, reply);
    } catch (error) {
      return renderError(reply, asDomainError(error));
    }
  };
}

const isObject = (value: unknown): value is RawValues => typeof value === 'object' && value !== null && !Array.isArray(value);
const sources = (req: FastifyRequest) => ({ path: {}, query: (req.query ?? {}) as RawValues, body: isObject(req.body) ? req.body : {} });
