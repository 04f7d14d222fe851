import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { encodeParams } from '../libs/testing/src/zulip-client';
import { apiCaller, type ApiCall } from './lib/api';
import { inParallel } from './lib/in-parallel';
import { keptAccounts, type BenchUser } from './lib/kept-accounts';
import { summarize, type Measurement } from './lib/stats';
import { presenceAccountIds } from './presence-loads';

export interface FlagsBench {
  /** POST /messages, to a channel of WIDE subscribers and (baseline) to a channel of 1. */
  send: { wide: Measurement; narrow: Measurement; subscribers: number };
  /** POST /register of a user with UNREAD unread messages, and (baseline) of one with none. */
  register: RegisterRow[];
  marking: MarkingResult;
  notes: string[];
}

export interface RegisterRow {
  name: string;
  fetchEventTypes: readonly string[];
  unread: Measurement;
  none: Measurement;
}

export interface MarkingResult {
  ids: number;
  queues: number;
  /** POST /messages/flags adding `read` to the MARKED ids, one request each cycle. */
  read: Measurement;
  /** The same ids marked unread again (restoring the reader's state), one request each cycle. */
  unread: Measurement;
  /** From the request to the last of the queues hearing of it. */
  heardRead: Measurement;
  heardUnread: Measurement;
  /** Cycles in which each queue heard one update_message_flags event with every id, for each request. */
  heardOnce: number;
  cycles: number;
  /** What a queue heard otherwise, for the notes. */
  problems: string[];
}

/** Subscribers of the wide channel (the owner and the first of the presence bench's accounts). */
const WIDE = 1_000;
/** Unread messages of the register bench's readers: Zulip's MAX_UNREAD_MESSAGES. */
const UNREAD = 50_000;
const TOPICS = 100;
const MARKED = 10_000;
const QUEUES = 3;
const PASSWORD = 'flags-bench-password';
const SEND_WARMUP = 40;
const SEND_BLOCKS = 6;
const SEND_BLOCK = 50;
const REGISTER_WARMUP = 3;
const REGISTER_ROUNDS = 30;
const MARK_CYCLES = 5;
/** A queue that heard of a change is watched this much longer, so that a second event would be seen. */
const QUIET_MS = 1_000;
const SEED_CONCURRENCY = 16;
/** Zulip's apps send as humans: the sender has read what they send. */
const AS_APP = 'ZulipMobile/27.0 (Android 14)';

/** What zulip-terminal (0.7.0) fetches and listens to when it starts (its `initial_data_to_fetch`, `event_actions`). */
const TERMINAL_FETCH = [
  'realm',
  'presence',
  'subscription',
  'message',
  'starred_messages',
  'update_message_flags',
  'muted_topics',
  'realm_user',
  'realm_user_groups',
  'update_global_notifications',
  'update_display_settings',
  'user_settings',
  'realm_emoji',
  'zulip_version',
];
const TERMINAL_EVENTS = [
  'message',
  'update_message',
  'reaction',
  'subscription',
  'typing',
  'update_message_flags',
  'update_global_notifications',
  'update_display_settings',
  'user_settings',
  'realm_emoji',
  'realm_user',
];
const UNREAD_ONLY = ['message', 'update_message_flags'];

/**
 * The message flags' figures (PERFORMANCE.md), each against a baseline in the same run. Sending
 * writes nothing per recipient: POST /messages to a channel of 1,000 subscribers against one of
 * 1. POST /register with unread_msgs for a user with 50,000 unread messages against one with none,
 * for a reader who never changed a flag (their unread messages read from the channel's tagged
 * list) and one whose unread messages are recorded (their unread list). Marking 10,000 messages
 * read in one POST /messages/flags, and every queue of that user hearing of it once.
 *
 * Kept across runs: a channel of 50,000 messages and its four accounts (a sender and three
 * readers), sent by the first run only; the 1,000 accounts of the presence rows.
 */
export async function measureFlags(gatewayUrl: string, authorization: string): Promise<FlagsBench> {
  const api = apiCaller(gatewayUrl, authorization);
  const post = timedPost(gatewayUrl);
  const notes: string[] = [];
  let began = performance.now();
  const ownerId = (await api('GET', '/users/me')).user_id as number;
  const accounts = await presenceAccountIds(api);
  const wideId = await keptChannel(api, 'flags-bench-wide', [ownerId, ...accounts.userIds.slice(0, WIDE - 1)]);
  const narrowId = await keptChannel(api, 'flags-bench-narrow', [ownerId]);
  notes.push(`flags setup: channels of ${WIDE} and 1 subscribers (${accounts.created} accounts created) in ${seconds(began)} s`);

  began = performance.now();
  const [sender, fresh, recorded, none] = await keptAccounts(api, 'flags-bench', 4, PASSWORD);
  const unreadChannel = await keptChannel(api, 'flags-bench-unread', [sender!.userId, fresh!.userId, recorded!.userId, none!.userId]);
  const seeded = await seedUnread(api, sender!, fresh!, unreadChannel);
  const marked = await newestIds(api, fresh!, unreadChannel, MARKED);
  // A run stopped between marking and unmarking left some read: marking them unread restores them.
  // It records the reader's unread messages too, so that the second reader's are recorded.
  await api('POST', '/messages/flags', { messages: marked, op: 'remove', flag: 'read' }, recorded!.authorization);
  await api('POST', '/mark_all_as_read', {}, none!.authorization);
  const counts = await Promise.all([fresh!, recorded!, none!].map((u) => unreadCount(api, u)));
  if (counts.join() !== [UNREAD, UNREAD, 0].join())
    throw new Error(`flags setup: readers have ${counts.join(', ')} unread messages, not ${UNREAD}, ${UNREAD}, 0`);
  notes.push(
    `flags setup: ${seeded} of ${UNREAD} messages sent to the readers' channel (${TOPICS} topics) in ${seconds(began)} s, the others kept from an earlier run`,
  );

  console.log(`bench: POST /messages to channels of ${WIDE} and 1 subscribers`);
  const send = await measureSends(post, authorization, wideId, narrowId);
  console.log(`bench: POST /register of readers with ${UNREAD} unread messages and with none`);
  const register = [
    await measureRegisters(api, post, 'reader who never changed a flag', UNREAD_ONLY, fresh!, none!),
    await measureRegisters(api, post, 'reader whose unread messages are recorded', UNREAD_ONLY, recorded!, none!),
    await measureRegisters(api, post, 'reader who never changed a flag, as zulip-terminal registers', TERMINAL_FETCH, fresh!, none!),
  ];
  console.log(`bench: ${MARKED} messages marked read in one request, heard by ${QUEUES} queues`);
  const marking = await measureMarking(api, post, recorded!, marked);
  return { send: { ...send, subscribers: WIDE }, register, marking, notes };
}

/** The channel named `name` (created the first time) with at least these subscribers. */
async function keptChannel(api: ApiCall, name: string, subscribers: number[]): Promise<number> {
  const found = await api('GET', '/get_stream_id', { stream: name }).catch(() => null);
  if (!found) return (await api('POST', '/channels/create', { name, subscribers })).id as number;
  await api('POST', '/users/me/subscriptions', { subscriptions: [{ name }], principals: subscribers });
  return found.stream_id as number;
}

const form = { 'content-type': 'application/x-www-form-urlencoded' };

/** The messages the reader who never changes a flag is missing of UNREAD, sent by `sender` as Zulip's apps send. */
async function seedUnread(api: ApiCall, sender: BenchUser, reader: BenchUser, channelId: number): Promise<number> {
  const missing = UNREAD - (await unreadCount(api, reader));
  let next = 0;
  await inParallel(
    Array.from({ length: missing }, (_, i) => i),
    SEED_CONCURRENCY,
    async () => {
      const i = next++;
      await api(
        'POST',
        '/messages',
        { type: 'stream', to: channelId, topic: `topic ${i % TOPICS}`, content: `Unread message ${i}` },
        sender.authorization,
        { 'user-agent': AS_APP },
      );
    },
  );
  return missing;
}

/** The ids of the newest `count` messages of a channel, ascending. */
async function newestIds(api: ApiCall, reader: BenchUser, channelId: number, count: number): Promise<number[]> {
  const ids: number[] = [];
  let anchor: number | string = 'newest';
  while (ids.length < count) {
    const page = await api(
      'GET',
      '/messages',
      {
        anchor,
        num_before: Math.min(5000, count - ids.length),
        num_after: 0,
        include_anchor: false,
        apply_markdown: false,
        narrow: [{ operator: 'channel', operand: channelId }],
      },
      reader.authorization,
    );
    const found = (page.messages as { id: number }[]).map((m) => m.id);
    if (found.length === 0) break;
    ids.unshift(...found);
    anchor = found[0]!;
  }
  return ids;
}

async function unreadCount(api: ApiCall, user: BenchUser): Promise<number> {
  const state = await api('POST', '/register', { fetch_event_types: UNREAD_ONLY, event_types: ['heartbeat'] }, user.authorization);
  await api('DELETE', '/events', { queue_id: state.queue_id }, user.authorization);
  return (state.unread_msgs as { count: number }).count;
}

type TimedPost = (path: string, auth: string, params: Record<string, unknown>) => Promise<{ ms: number; body: Record<string, unknown> }>;

/** One POST, timed from before it is sent until its whole answer is read; an error answer throws. */
function timedPost(gatewayUrl: string): TimedPost {
  return async (path, auth, params) => {
    const body = encodeParams(params).toString();
    const start = performance.now();
    const res = await fetch(`${gatewayUrl}/api/v1${path}`, { method: 'POST', headers: { authorization: auth, ...form }, body });
    const answer = (await res.json()) as Record<string, unknown>;
    const ms = performance.now() - start;
    if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${JSON.stringify(answer).slice(0, 300)}`);
    return { ms, body: answer };
  };
}

/** Latencies of `attempt`s, a failed one counted as an error. */
class Samples {
  readonly ms: number[] = [];
  errors = 0;
  private readonly began = performance.now();

  async take(attempt: () => Promise<number>): Promise<void> {
    await attempt().then(
      (ms) => this.ms.push(ms),
      (error: unknown) => {
        this.errors++;
        if (this.errors <= 3) console.warn(`bench: ${error instanceof Error ? error.message : String(error)}`);
      },
    );
  }

  summary(): Measurement {
    return summarize(this.ms, performance.now() - this.began, this.errors);
  }
}

/**
 * The owner sends one message at a time, in blocks of SEND_BLOCK to each channel in turn (so that
 * a shared machine's drift reaches both alike), after SEND_WARMUP to each, not counted.
 */
async function measureSends(
  post: TimedPost,
  authorization: string,
  wideId: number,
  narrowId: number,
): Promise<{ wide: Measurement; narrow: Measurement }> {
  const run = randomBytes(4).toString('hex');
  let n = 0;
  const sendTo = (channelId: number) => async () =>
    (await post('/messages', authorization, { type: 'stream', to: channelId, topic: 'bench', content: `Flags bench ${run} ${n++}` })).ms;
  const warmup = new Samples();
  for (let i = 0; i < SEND_WARMUP; i++) for (const id of [narrowId, wideId]) await warmup.take(sendTo(id));
  const wide = new Samples();
  const narrow = new Samples();
  for (let block = 0; block < SEND_BLOCKS * 2; block++) {
    const [channelId, into]: [number, Samples] = block % 2 === 0 ? [narrowId, narrow] : [wideId, wide];
    for (let i = 0; i < SEND_BLOCK; i++) await into.take(sendTo(channelId));
  }
  return { wide: wide.summary(), narrow: narrow.summary() };
}

/**
 * The reader with UNREAD unread messages and the one with none register in turn (the first of
 * each round alternating), REGISTER_ROUNDS times after REGISTER_WARMUP; each queue is deleted,
 * untimed. An answer without the expected unread count counts as an error.
 */
async function measureRegisters(
  api: ApiCall,
  post: TimedPost,
  reader: string,
  fetchTypes: readonly string[],
  unreadUser: BenchUser,
  noneUser: BenchUser,
): Promise<RegisterRow> {
  const terminal = fetchTypes === TERMINAL_FETCH;
  const params = terminal
    ? {
        fetch_event_types: fetchTypes,
        event_types: TERMINAL_EVENTS,
        client_gravatar: true,
        apply_markdown: true,
        include_subscribers: true,
      }
    : { fetch_event_types: fetchTypes, event_types: UNREAD_ONLY };
  const register = (user: BenchUser, count: number) => async () => {
    const { ms, body } = await post('/register', user.authorization, params);
    await api('DELETE', '/events', { queue_id: body.queue_id }, user.authorization);
    const got = (body.unread_msgs as { count?: number } | undefined)?.count;
    if (got !== count) throw new Error(`POST /register answered ${got} unread messages, not ${count}`);
    return ms;
  };
  const warmup = new Samples();
  for (let i = 0; i < REGISTER_WARMUP; i++) {
    await warmup.take(register(unreadUser, UNREAD));
    await warmup.take(register(noneUser, 0));
  }
  const unread = new Samples();
  const none = new Samples();
  for (let round = 0; round < REGISTER_ROUNDS; round++) {
    const pair = [() => unread.take(register(unreadUser, UNREAD)), () => none.take(register(noneUser, 0))];
    for (const take of round % 2 === 0 ? pair : pair.reverse()) await take();
  }
  const name = `POST /register (${terminal ? "zulip-terminal's fetch types" : fetchTypes.join(', ')}), ${reader}`;
  return { name, fetchEventTypes: fetchTypes, unread: unread.summary(), none: none.summary() };
}

type ClientEvent = { id: number; type: string } & Record<string, unknown>;

interface Heard {
  /** Every update_message_flags event the queue received within QUIET_MS of the first. */
  events: ClientEvent[];
  /** When the first arrived (performance.now()). */
  at: number;
  lastEventId: number;
}

/** Long-polls a queue until it hears an update_message_flags event, then for QUIET_MS more. */
async function hear(api: ApiCall, auth: string, queueId: string, lastEventId: number): Promise<Heard> {
  const events: ClientEvent[] = [];
  let last = lastEventId;
  let at = NaN;
  const poll = async (dontBlock: boolean) => {
    const got = (await api('GET', '/events', { queue_id: queueId, last_event_id: last, dont_block: dontBlock }, auth))
      .events as ClientEvent[];
    last = got.at(-1)?.id ?? last;
    const flags = got.filter((e) => e.type === 'update_message_flags');
    if (flags.length > 0 && Number.isNaN(at)) at = performance.now();
    events.push(...flags);
  };
  const deadline = performance.now() + 30_000;
  while (events.length === 0 && performance.now() < deadline) await poll(false);
  await new Promise((r) => setTimeout(r, QUIET_MS));
  await poll(true);
  return { events, at, lastEventId: last };
}

/**
 * MARK_CYCLES times: QUEUES queues of the reader listen to update_message_flags; the MARKED ids
 * are marked read in one request, then unread again in one request (the reader's state as it
 * was). Each queue must hear of each request exactly once, with every id (and, marking unread,
 * every message's details).
 */
async function measureMarking(api: ApiCall, post: TimedPost, reader: BenchUser, ids: number[]): Promise<MarkingResult> {
  const read = new Samples();
  const unread = new Samples();
  const heardRead: number[] = [];
  const heardUnread: number[] = [];
  const problems: string[] = [];
  let heardOnce = 0;
  const expected = [...ids].sort((a, b) => a - b).join();
  for (let cycle = 0; cycle < MARK_CYCLES; cycle++) {
    const queues: { queueId: string; lastEventId: number }[] = [];
    for (let q = 0; q < QUEUES; q++) {
      const state = await api(
        'POST',
        '/register',
        { fetch_event_types: ['update_message_flags'], event_types: ['update_message_flags'] },
        reader.authorization,
      );
      queues.push({ queueId: state.queue_id as string, lastEventId: -1 });
    }
    let clean = true;
    for (const [op, samples, heardMs] of [
      ['add', read, heardRead],
      ['remove', unread, heardUnread],
    ] as const) {
      const listening = queues.map((q) => hear(api, reader.authorization, q.queueId, q.lastEventId));
      const start = performance.now();
      await samples.take(async () => (await post('/messages/flags', reader.authorization, { messages: ids, op, flag: 'read' })).ms);
      const heard = await Promise.all(listening);
      heardMs.push(Math.max(...heard.map((h) => h.at)) - start);
      heard.forEach((h, q) => {
        queues[q]!.lastEventId = h.lastEventId;
        const problem = checkHeard(h.events, op, expected, ids.length);
        if (problem) {
          clean = false;
          problems.push(`cycle ${cycle + 1}, queue ${q + 1}, ${op}: ${problem}`);
        }
      });
    }
    if (clean) heardOnce++;
    for (const q of queues) await api('DELETE', '/events', { queue_id: q.queueId }, reader.authorization);
  }
  const ms = (values: number[]) =>
    summarize(
      values.filter((v) => !Number.isNaN(v)),
      1,
      values.filter((v) => Number.isNaN(v)).length,
    );
  return {
    ids: ids.length,
    queues: QUEUES,
    read: read.summary(),
    unread: unread.summary(),
    heardRead: ms(heardRead),
    heardUnread: ms(heardUnread),
    heardOnce,
    cycles: MARK_CYCLES,
    problems,
  };
}

/** What is wrong with what a queue heard of one request, if anything. */
function checkHeard(events: ClientEvent[], op: 'add' | 'remove', expected: string, count: number): string | null {
  if (events.length !== 1) return `${events.length} update_message_flags events`;
  const [event] = events;
  if (event!.op !== op || event!.flag !== 'read') return `op ${String(event!.op)} flag ${String(event!.flag)}`;
  const messages = [...(event!.messages as number[])].sort((a, b) => a - b);
  if (messages.join() !== expected) return `${messages.length} of the ${count} ids`;
  if (op === 'remove' && Object.keys((event!.message_details as object | undefined) ?? {}).length !== count)
    return 'message_details missing';
  return null;
}

const seconds = (since: number): string => ((performance.now() - since) / 1000).toFixed(1);
