import { request, Agent } from 'node:http';
import { performance } from 'node:perf_hooks';
import { Redis } from 'ioredis';
import { EventQueues } from '../libs/event-queues/src';
import { StackEndpointsSchema } from '../libs/platform/src';
import { encodeParams } from '../libs/testing/src/zulip-client';
import { apiCaller, type ApiCall } from './lib/api';
import { inParallel } from './lib/in-parallel';
import { keptAccounts, type BenchUser } from './lib/kept-accounts';
import { rssMb } from './lib/proc';
import { summarize, type Measurement } from './lib/stats';

export interface DeliveryRow {
  name: string;
  queues: number;
  /** From the POST /messages reply to the long-poll's answer with the message. */
  fromReply: Measurement;
  /** From the POST /messages request to the same answer (PERFORMANCE.md: send → another client's GET /events). */
  fromSend: Measurement;
}

export interface EventsBench {
  rows: DeliveryRow[];
  /**
   * The gateway's RSS (MB) before, once it watches every long-poll (with the garbage of opening
   * them), after holding them idle for HELD_IDLE_MS, and after releasing them.
   */
  gatewayMemory: { polls: number; beforeMb: number; openedMb: number; holdingMb: number; afterMb: number; heldIdleMs: number };
  notes: string[];
}

/** Accounts whose queues fill the organization: kept across runs, like the push bench's. */
const QUEUE_USERS = 100;
const QUEUES = 1_000;
const MESSAGES = 60;
/**
 * Messages are sent first through the same path, untimed, for this long: the figures are those
 * of a stack that has been serving, as a production server has. Right after a start the Kafka
 * broker is still compiling its request path: measured here, its CPU per message fell from about
 * 32 to 14 ms over the first 40 s of sending, and delivery p50 from about 31 to 22 ms. The
 * warm-up's first and last blocks are printed in the notes.
 */
const WARMUP_MS = 40_000;
const WARMUP_BLOCK = 30;
const IDLE_POLLS = 10_000;
/**
 * How long the polls are held idle before the gateway's RSS is read. Right after opening them it
 * still holds the garbage of 10,000 requests: measured, RSS fell by 13-16 MB within 10 s (V8
 * collects an idle heap) and then stayed flat for the next 20 s, while the growth right after
 * opening them moved between 99 and 126 MB from run to run.
 */
const HELD_IDLE_MS = 10_000;
const PASSWORD = 'events-bench-password';

/**
 * Issue 7's figures. Delivery: one client long-polls its queue; the owner sends a message to a
 * channel all the queues' users are subscribed to; timed until the long-poll answers with the
 * message, with only that queue and with 1,000 queues registered (10 each for 100 users, every
 * one receiving the message). Memory: the gateway's RSS while it holds 10,000 long-polls.
 */
export async function measureEvents(gatewayUrl: string, authorization: string, gatewayPid: number): Promise<EventsBench> {
  const api = apiCaller(gatewayUrl, authorization);
  const notes: string[] = [];
  let began = performance.now();
  const users = await keptAccounts(api, 'events-bench', QUEUE_USERS, PASSWORD);
  const channel = `events-bench-${Date.now()}`;
  const channelId = (await api('POST', '/channels/create', { name: channel, subscribers: users.map((u) => u.userId) })).id as number;
  notes.push(`events setup: ${QUEUE_USERS} users subscribed to the channel, in ${seconds(began)} s`);

  const [watcher] = users;
  notes.push(await warmUp(api, gatewayUrl, watcher!, channelId));
  const rows = [await measureDelivery(api, gatewayUrl, watcher!, channelId, 1)];
  began = performance.now();
  const others: { queueId: string; user: BenchUser }[] = [];
  await inParallel(
    Array.from({ length: QUEUES - 1 }, (_, i) => users[i % users.length]!),
    8,
    async (user) => {
      const { queue_id: queueId } = await api(
        'POST',
        '/register',
        { fetch_event_types: ['realm'], event_types: ['message'] },
        user.authorization,
      );
      others.push({ queueId: queueId as string, user });
    },
  );
  notes.push(`events setup: ${others.length} more queues registered (POST /register) in ${seconds(began)} s`);
  try {
    rows.push(await measureDelivery(api, gatewayUrl, watcher!, channelId, QUEUES));
  } finally {
    await inParallel(others, 8, ({ queueId, user }) =>
      api('DELETE', '/events', { queue_id: queueId }, user.authorization).then(() => undefined),
    );
  }
  const gatewayMemory = await measureIdlePolls(gatewayUrl, users, gatewayPid);
  return { rows, gatewayMemory, notes };
}

/** Sends messages in blocks of WARMUP_BLOCK until WARMUP_MS passed; the note says how delivery went. */
async function warmUp(api: ApiCall, gatewayUrl: string, watcher: BenchUser, channelId: number): Promise<string> {
  const began = performance.now();
  const blocks: number[] = [];
  while (performance.now() - began < WARMUP_MS)
    blocks.push((await measureDelivery(api, gatewayUrl, watcher, channelId, 1, WARMUP_BLOCK)).fromSend.p50);
  return `events warm-up: ${blocks.length * WARMUP_BLOCK} messages to 1 queue in ${seconds(began)} s first, not counted (from send p50 ${blocks[0]!.toFixed(1)} ms in the first block of ${WARMUP_BLOCK}, ${blocks.at(-1)!.toFixed(1)} ms in the last)`;
}

/** `messages` messages, one at a time, each awaited by the watcher's long-poll. */
async function measureDelivery(
  api: ApiCall,
  gatewayUrl: string,
  watcher: BenchUser,
  channelId: number,
  queues: number,
  messages = MESSAGES,
): Promise<DeliveryRow> {
  const watcherApi = apiCaller(gatewayUrl, watcher.authorization);
  const { queue_id: queueId } = await watcherApi('POST', '/register', { fetch_event_types: ['realm'], event_types: ['message'] });
  let lastEventId = -1;
  const fromReply: number[] = [];
  const fromSend: number[] = [];
  let errors = 0;
  const started = performance.now();
  try {
    for (let i = 0; i < messages; i++) {
      const poll = watcherApi('GET', '/events', { queue_id: queueId, last_event_id: lastEventId }).then((body) => ({
        body,
        at: performance.now(),
      }));
      // The long-poll is waiting in the gateway before the message is sent.
      await new Promise((r) => setTimeout(r, 20));
      const sentAt = performance.now();
      await api('POST', '/messages', { type: 'stream', to: channelId, topic: 'delivery', content: `event bench ${i}` });
      const repliedAt = performance.now();
      const { body, at } = await poll;
      const events = body.events as { id: number; type: string }[];
      lastEventId = events.at(-1)?.id ?? lastEventId;
      if (!events.some((e) => e.type === 'message')) {
        errors++;
        continue;
      }
      fromReply.push(at - repliedAt);
      fromSend.push(at - sentAt);
    }
  } finally {
    await watcherApi('DELETE', '/events', { queue_id: queueId }).catch(() => undefined);
  }
  const elapsed = performance.now() - started;
  return {
    name: `channel message to a long-poll, ${queues} queue${queues === 1 ? '' : 's'} registered`,
    queues,
    fromReply: summarize(fromReply, elapsed, errors),
    fromSend: summarize(fromSend, elapsed, errors),
  };
}

/**
 * IDLE_POLLS long-polls on as many queues (created in Redis as POST /register would, spread over
 * the bench's users), held open until the gateway watches every one; its RSS then, against
 * before and after they are released.
 */
async function measureIdlePolls(gatewayUrl: string, users: BenchUser[], gatewayPid: number): Promise<EventsBench['gatewayMemory']> {
  const { REDIS_URL } = StackEndpointsSchema.parse(process.env);
  const redis = new Redis(REDIS_URL);
  const queues = new EventQueues(redis);
  const agent = new Agent({ keepAlive: false, maxSockets: Infinity });
  const url = new URL(gatewayUrl);
  const held: { queueId: string; user: BenchUser }[] = [];
  const requests: ReturnType<typeof request>[] = [];
  try {
    for (let i = 0; i < IDLE_POLLS; i++) {
      const user = users[i % users.length]!;
      held.push({ queueId: await queues.create({ userId: user.userId, eventTypes: ['message'] }), user });
    }
    const beforeMb = rssMb(gatewayPid);
    const watchingBefore = await longPolls(gatewayUrl);
    const done: Promise<void>[] = [];
    for (const { queueId, user } of held) {
      const req = request({
        agent,
        host: url.hostname,
        port: url.port,
        path: `/api/v1/events?${encodeParams({ queue_id: queueId, last_event_id: -1 })}`,
        headers: { authorization: user.authorization },
      });
      done.push(
        new Promise((resolve) =>
          req
            .on('response', (res) => res.resume().on('end', () => resolve()))
            .on('error', () => resolve())
            .on('close', () => resolve()),
        ),
      );
      req.end();
      requests.push(req);
    }
    // Held once the gateway watches every one (its health answer counts them).
    const deadline = Date.now() + 40_000;
    while (Date.now() < deadline) {
      if ((await longPolls(gatewayUrl)) >= watchingBefore + held.length) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const openedMb = rssMb(gatewayPid);
    await new Promise((r) => setTimeout(r, HELD_IDLE_MS));
    const holdingMb = rssMb(gatewayPid);
    for (const req of requests) req.destroy();
    await Promise.all(done);
    await new Promise((r) => setTimeout(r, 2_000));
    return { polls: held.length, beforeMb, openedMb, holdingMb, afterMb: rssMb(gatewayPid), heldIdleMs: HELD_IDLE_MS };
  } finally {
    for (const { queueId, user } of held) await queues.delete(queueId, user.userId).catch(() => false);
    agent.destroy();
    redis.disconnect();
  }
}

/** The long-polls the gateway holds, as its health answer counts them. */
async function longPolls(gatewayUrl: string): Promise<number> {
  const health = (await (await fetch(`${gatewayUrl}/health`)).json()) as { long_polls?: number };
  return health.long_polls ?? 0;
}

const seconds = (since: number): string => ((performance.now() - since) / 1000).toFixed(1);
