import { randomBytes, randomInt } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import sodium from 'libsodium-wrappers';
import { captureEvents, type EventCapture } from '../libs/testing/src/event-capture';
import type { FakePushSetup } from '../libs/testing/src/push-stack-env';
import { basicAuth, encodeParams } from '../libs/testing/src/zulip-client';
import { BOUNCER_NOTIFY_PATH, BOUNCER_REGISTER_PATH } from '../libs/contracts/src';
import { apiCaller, type ApiCall } from './lib/api';
import { closedLoop, sequential } from './lib/closed-loop';
import { inParallel } from './lib/in-parallel';
import { keptAccounts, type BenchUser } from './lib/kept-accounts';
import type { Measurement } from './lib/stats';
import { CELL_SECONDS } from './config';

export interface PushRow {
  name: string;
  concurrency: number;
  /** Through the system. */
  measured: Measurement;
  /** The same work asked of the push bouncer straight away, in the same run. */
  baseline: Measurement;
}

export interface PushBench {
  rows: PushRow[];
  /** What the setup did and cost. */
  notes: string[];
}

/** Users notified of each channel message, one FCM token each; kept across runs like the presence accounts. */
export const FANOUT_USERS = 50;
const PASSWORD = 'push-bench-password';
const REGISTRATIONS_ONE_AT_A_TIME = 100;
const REGISTRATIONS_IN_FLIGHT = 16;
const DIRECT_MESSAGES = 40;
const CHANNEL_MESSAGES = 15;
/** Far above any figure here: a push that takes this long is lost, and the bench says so. */
const DELIVERY_TIMEOUT_MS = 30_000;

/**
 * Issue 6's figures. Registrations: E11 from the reply-less POST to the bouncer's device, as the
 * `push_device.registered.v1` event reports it, against the sealed registration posted straight
 * to the bouncer. Fan-out: a message's notification, from the POST /messages reply (its event is
 * appended before the reply) to the fake provider taking the push, against the same pushes asked
 * of the bouncer straight away (`remotes/push/notify`, one call per user).
 */
export async function measurePush(gatewayUrl: string, authorization: string, push: FakePushSetup): Promise<PushBench> {
  await sodium.ready;
  const api = apiCaller(gatewayUrl, authorization);
  const bouncer = bouncerCaller(push.env);
  const notes: string[] = [];
  const receipts = new Receipts(push);
  const capture = await captureEvents('push');
  const run = randomBytes(4).toString('hex');
  const registrants: BenchUser[] = [];
  try {
    let began = performance.now();
    for (let i = 0; i < REGISTRATIONS_IN_FLIGHT; i++) registrants.push(await newUser(api, `push-bench-registrant-${run}-${i}`));
    notes.push(`push setup: ${registrants.length} users for the run's registrations, created in ${seconds(began)} s`);
    const rows = await measureRegistrations(api, bouncer, capture, registrants, push.env);
    began = performance.now();
    const fanout = await fanoutUsers(api);
    notes.push(`push setup: ${FANOUT_USERS} users with an FCM token the bouncer knows and channel pushes on, in ${seconds(began)} s`);
    began = performance.now();
    rows.push(...(await measureFanout(api, bouncer, receipts, fanout, run)));
    notes.push(`push fan-out: measured in ${seconds(began)} s`);
    return { rows, notes };
  } finally {
    receipts.stop();
    await capture.stop();
    // Deactivation removes the run's devices, so they do not pile up at the bench's organization.
    for (const registrant of registrants) await api('DELETE', `/users/${registrant.userId}`).catch(() => undefined);
  }
}

interface Bouncer {
  url: string;
  post(path: string, body: string, contentType: string): Promise<Record<string, unknown>>;
}

function bouncerCaller(env: Record<string, string>): Bouncer {
  const url = env.PUSH_BOUNCER_URL!;
  const authorization = `Basic ${Buffer.from(`${env.PUSH_BOUNCER_SERVER_UUID}:${env.PUSH_BOUNCER_API_KEY}`).toString('base64')}`;
  return {
    url,
    async post(path, body, contentType) {
      const res = await fetch(`${url}${path}`, { method: 'POST', headers: { authorization, 'content-type': contentType }, body });
      const answer = (await res.json()) as Record<string, unknown>;
      if (!res.ok || answer.result !== 'success') throw new Error(`bouncer ${path}: ${res.status} ${JSON.stringify(answer)}`);
      return answer;
    },
  };
}

/**
 * Each registration in flight is another user's: a user's devices are decided one command at a
 * time, as their one aggregate, while users register side by side.
 */
async function measureRegistrations(
  api: ApiCall,
  bouncer: Bouncer,
  capture: EventCapture,
  registrants: BenchUser[],
  env: Record<string, string>,
): Promise<PushRow[]> {
  const bouncerKey = (JSON.parse(env.PUSH_BOUNCER_KEYS!) as { public_key: string }[])[0]!.public_key;
  const pushKey = base64(sodium.crypto_box_keypair().publicKey);
  // Ids of this run only: a registration is idempotent per account, so a repeated id would be no work.
  let nextAccount = randomInt(1, 2 ** 40);
  const sealedRegistration = (account: number) =>
    base64(
      sodium.crypto_box_seal(
        JSON.stringify({ token: `bench-e2ee-${account}`, token_kind: 'fcm', timestamp: Math.floor(Date.now() / 1000) }),
        Buffer.from(bouncerKey, 'base64'),
      ),
    );
  const params = (account: number) => ({
    push_account_id: account,
    bouncer_public_key: bouncerKey,
    encrypted_push_registration: sealedRegistration(account),
  });

  const direct = async (): Promise<number> => {
    const account = nextAccount++;
    const began = performance.now();
    await bouncer.post(BOUNCER_REGISTER_PATH, encodeParams(params(account)).toString(), 'application/x-www-form-urlencoded');
    return performance.now() - began;
  };
  let turn = 0;
  const throughSystem = async (): Promise<number> => {
    const account = nextAccount++;
    const registrant = registrants[turn++ % registrants.length]!;
    const aggregateId = `push_devices:${registrant.userId}`;
    const began = performance.now();
    await api(
      'POST',
      '/mobile_push/register',
      { token_kind: 'fcm', push_public_key: pushKey, ...params(account) },
      registrant.authorization,
    );
    const outcome = await capture.waitFor(
      (e) =>
        e.aggregateId === aggregateId &&
        e.data.pushAccountId === account &&
        (e.type === 'push_device.registered.v1' || e.type === 'push_device.registration_failed.v1'),
      DELIVERY_TIMEOUT_MS,
    );
    if (outcome.type !== 'push_device.registered.v1') throw new Error(`registration ${account} failed: ${JSON.stringify(outcome.data)}`);
    return performance.now() - began;
  };

  // Untimed: connections, the bouncer's keys and the job queue's first round.
  for (let i = 0; i < 5; i++) {
    await direct();
    await throughSystem();
  }
  return [
    {
      name: 'E11 registration → device at the bouncer',
      concurrency: 1,
      baseline: await sequential(direct, REGISTRATIONS_ONE_AT_A_TIME),
      measured: await sequential(throughSystem, REGISTRATIONS_ONE_AT_A_TIME),
    },
    {
      name: 'E11 registration → device at the bouncer',
      concurrency: REGISTRATIONS_IN_FLIGHT,
      baseline: await closedLoop(direct, REGISTRATIONS_IN_FLIGHT, CELL_SECONDS),
      measured: await closedLoop(throughSystem, REGISTRATIONS_IN_FLIGHT, CELL_SECONDS),
    },
  ];
}

/**
 * FANOUT_USERS accounts (created by the first run only), each with one FCM token the bouncer
 * knows (a test notification to it succeeds) and channel pushes on.
 */
async function fanoutUsers(api: ApiCall): Promise<BenchUser[]> {
  const users = await keptAccounts(api, 'push-bench', FANOUT_USERS, PASSWORD);
  await inParallel(
    users.map((user, i) => ({ user, i })),
    4,
    async ({ user, i }) => {
      const token = `push-bench-fcm-${i}`;
      await api('POST', '/users/me/android_gcm_reg_id', { token }, user.authorization);
      await api('PATCH', '/settings', { enable_stream_push_notifications: true }, user.authorization);
      await untilBouncerKnows(api, user, token);
    },
  );
  return users;
}

/** The token's registration job has run once a test notification to it succeeds. */
async function untilBouncerKnows(api: ApiCall, user: BenchUser, token: string): Promise<void> {
  const deadline = Date.now() + DELIVERY_TIMEOUT_MS;
  for (;;) {
    const known = await api('POST', '/mobile_push/test_notification', { token }, user.authorization).then(
      () => true,
      () => false,
    );
    if (known) return;
    if (Date.now() > deadline) throw new Error(`push bench: the bouncer never learnt token ${token}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function measureFanout(api: ApiCall, bouncer: Bouncer, receipts: Receipts, users: BenchUser[], run: string): Promise<PushRow[]> {
  const recipient = users[0]!;
  const channel = await api('POST', '/channels/create', { name: `push-bench-${run}`, subscribers: users.map((u) => u.userId) });
  const channelId = channel.id as number;
  const sendDirect = () =>
    api('POST', '/messages', { type: 'direct', to: JSON.stringify([recipient.userId]), content: `Push bench ${run}` });
  const sendToChannel = () =>
    api('POST', '/messages', { type: 'stream', to: String(channelId), topic: 'push bench', content: `Push bench ${run}` });

  /** From the reply to the push of the message to `devices` devices (the last of them). */
  const throughSystem = (send: () => Promise<Record<string, unknown>>, devices: number) => async (): Promise<number> => {
    const { id } = await send();
    const replied = performance.now();
    const taken = await receipts.of(String(id), devices);
    return Math.max(...taken) - replied;
  };
  // Untimed: the first pushes warm the job queue and the bouncer's provider connection; the
  // baseline pushes what the system pushed.
  await throughSystem(sendToChannel, users.length)();
  const payload = (await receipts.payloadOf(String((await sendDirect()).id)))!;

  let serial = 0;
  /** The bouncer asked straight away to push `payload` to each of `to`'s tokens (one call per user, all at once). */
  const direct = (to: BenchUser[]) => async (): Promise<number> => {
    const id = `bench-direct-${run}-${serial++}`;
    const began = performance.now();
    await Promise.all(
      to.map((user) =>
        bouncer.post(
          BOUNCER_NOTIFY_PATH,
          JSON.stringify({ user_id: user.userId, payloads: { apns: {}, fcm: { ...payload, zulip_message_id: id } } }),
          'application/json',
        ),
      ),
    );
    const taken = await receipts.of(id, to.length);
    return Math.max(...taken) - began;
  };
  return [
    {
      name: 'notification of a direct message, 1 device',
      concurrency: 1,
      baseline: await sequential(direct([recipient]), DIRECT_MESSAGES),
      measured: await sequential(throughSystem(sendDirect, 1), DIRECT_MESSAGES),
    },
    {
      name: `notification of a channel message, ${users.length} users' devices (until the last)`,
      concurrency: 1,
      baseline: await sequential(direct(users), CHANNEL_MESSAGES),
      measured: await sequential(throughSystem(sendToChannel, users.length), CHANNEL_MESSAGES),
    },
  ];
}

/** When (performance.now()) the fake providers took each push, by the message id it carries. */
class Receipts {
  private readonly taken = new Map<string, { times: number[]; payload: Record<string, string> }>();
  private readonly waiters = new Set<() => void>();
  readonly stop: () => void;

  constructor(push: FakePushSetup) {
    this.stop = push.fake.onPush((received) => {
      const id = received.payload.zulip_message_id;
      if (typeof id !== 'string') return;
      const entry = this.taken.get(id) ?? { times: [], payload: received.payload as Record<string, string> };
      entry.times.push(performance.now());
      this.taken.set(id, entry);
      for (const wake of [...this.waiters]) wake();
    });
  }

  /** The times of the first `count` pushes of `id`, once there are that many. */
  async of(id: string, count: number): Promise<number[]> {
    await this.until(() => (this.taken.get(id)?.times.length ?? 0) >= count, `${count} pushes of ${id}`);
    return this.taken.get(id)!.times.slice(0, count);
  }

  async payloadOf(id: string): Promise<Record<string, string>> {
    await this.of(id, 1);
    return this.taken.get(id)!.payload;
  }

  private until(done: () => boolean, what: string): Promise<void> {
    return new Promise((resolve, reject) => {
      const wake = () => {
        if (!done()) return;
        clearTimeout(timer);
        this.waiters.delete(wake);
        resolve();
      };
      const timer = setTimeout(() => {
        this.waiters.delete(wake);
        reject(new Error(`push bench: no ${what} within ${DELIVERY_TIMEOUT_MS} ms`));
      }, DELIVERY_TIMEOUT_MS);
      this.waiters.add(wake);
      wake();
    });
  }
}

async function newUser(api: ApiCall, label: string): Promise<BenchUser> {
  const email = `${label}@example.com`;
  const created = await api('POST', '/users', { email, password: PASSWORD, full_name: label });
  const key = await api('POST', '/fetch_api_key', { username: email, password: PASSWORD });
  return { userId: created.user_id as number, authorization: basicAuth({ email, apiKey: key.api_key as string }) };
}

const base64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64');
const seconds = (since: number): string => ((performance.now() - since) / 1000).toFixed(1);
