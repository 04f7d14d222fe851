import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { commandsTopic, updatePresence } from '../libs/contracts/src';
import { createKafka, createLogger, RequestClient } from '../libs/platform/src';
import { StackEndpointsSchema } from '../libs/platform/src/config/stack-endpoints';
import { basicAuth, encodeParams } from '../libs/testing/src/zulip-client';
import { apiCaller, type ApiCall } from './lib/api';
import { keptAccountIds } from './lib/kept-accounts';
import { inParallel } from './lib/in-parallel';
import type { SystemLoad } from './system-loads';

/** Users with a presence when GET /realm/presence is measured. */
export const PRESENT_USERS = 1000;
/** Users sending POST /users/me/presence in turn (each needs its API key, a scrypt check to fetch). */
export const SENDERS = 100;
const SETUP_CONCURRENCY = 8;
const PASSWORD = 'presence-bench-password';
const presenceEmail = (index: number): string => `presence-bench-${index}@example.com`;

/** The PRESENT_USERS accounts' ids, by index, created by the first run only; other parts reuse them. */
export const presenceAccountIds = (call: ApiCall) =>
  keptAccountIds(call, 'presence-bench', PRESENT_USERS, PASSWORD, (i) => `Presence bench ${i}`);

interface BenchUser {
  index: number;
  userId: number;
  email: string;
}

export interface PresenceLoads {
  loads: SystemLoad[];
  /** What the setup did and cost, for the report. */
  notes: string[];
  /** The accounts set up, for the other rows that act as many users. */
  accounts: BenchAccounts;
}

export interface BenchAccounts {
  /** User ids of the PRESENT_USERS accounts, by index. */
  userIds: number[];
  /** Basic authorization headers of the SENDERS accounts whose API keys were fetched (members). */
  senders: string[];
}

/**
 * The presence rows and their setup: PRESENT_USERS accounts (kept across runs: the stack's data
 * persists, so only the first run creates them, at the speed of scrypt, ~12 accounts/s), the API
 * keys of SENDERS of them, and one ping of every account. The pings of the accounts without a
 * key are sent as the gateway sends them, as `presence.update` commands on the users service's
 * commands topic: the same handler and store, without 900 password checks.
 */
export async function presenceLoads(gatewayUrl: string, authorization: string): Promise<PresenceLoads> {
  const notes: string[] = [];
  const call = apiCaller(gatewayUrl, authorization);

  let began = performance.now();
  const accounts = await presenceAccountIds(call);
  const users = new Map<number, BenchUser>(
    accounts.userIds.map((userId, index) => [index, { index, userId, email: presenceEmail(index) }]),
  );
  notes.push(
    `presence setup: ${accounts.created} of ${PRESENT_USERS} accounts created in ${seconds(began)} s (the others kept from an earlier run)`,
  );

  began = performance.now();
  const senders: string[] = [];
  await inParallel(
    [...users.values()].filter((u) => u.index < SENDERS),
    4,
    async (user) => {
      const key = await call('POST', '/fetch_api_key', { username: user.email, password: PASSWORD });
      senders.push(basicAuth({ email: user.email, apiKey: key.api_key as string }));
    },
  );
  notes.push(`presence setup: ${senders.length} API keys fetched in ${seconds(began)} s`);

  began = performance.now();
  await seedPresence([...users.values()].map((u) => u.userId));
  notes.push(
    `presence setup: ${users.size} accounts pinged once (users commands topic, ${SETUP_CONCURRENCY * 4} at a time) in ${seconds(began)} s`,
  );

  let turn = 0;
  const pingOnly = (status: string) => encodeParams({ status, ping_only: true }).toString();
  const form = { 'content-type': 'application/x-www-form-urlencoded' };
  const url = `${gatewayUrl}/api/v1/users/me/presence`;
  return {
    notes,
    accounts: { userIds: [...users.values()].sort((a, b) => a.index - b.index).map((u) => u.userId), senders },
    loads: [
      {
        name: `POST /users/me/presence (${SENDERS} users, same status: Redis only)`,
        floor: 'kafka',
        target: {
          url,
          method: 'POST',
          request: () => ({ headers: { authorization: senders[turn++ % senders.length]!, ...form }, body: pingOnly('active') }),
        },
      },
      {
        name: `POST /users/me/presence (${SENDERS} users, each ping active↔idle: an event)`,
        floor: 'kafka',
        target: {
          url,
          method: 'POST',
          request: () => {
            const n = turn++;
            // Each sender's pings alternate, so every ping is an announced change.
            return {
              headers: { authorization: senders[n % senders.length]!, ...form },
              body: pingOnly(Math.floor(n / senders.length) % 2 === 0 ? 'idle' : 'active'),
            };
          },
        },
      },
      {
        name: `GET /realm/presence (${users.size} users present)`,
        floor: 'kafka',
        target: { url: `${gatewayUrl}/api/v1/realm/presence`, headers: { authorization } },
      },
    ],
  };
}

async function seedPresence(userIds: number[]): Promise<void> {
  const { KAFKA_BROKERS } = StackEndpointsSchema.parse(process.env);
  const logger = createLogger('bench-presence-seed', 'warn');
  const client = new RequestClient(
    createKafka('bench-presence-seed', KAFKA_BROKERS, logger),
    `bench-presence-${randomBytes(3).toString('hex')}`,
    logger,
  );
  await client.start();
  try {
    const data = updatePresence.params.parse({ status: 'active', ping_only: true });
    await inParallel(userIds, SETUP_CONCURRENCY * 4, async (userId) => {
      const commandId = `bench-presence-${randomBytes(8).toString('hex')}`;
      const reply = await client.request(commandsTopic('users'), {
        commandId,
        type: updatePresence.type,
        kind: updatePresence.kind,
        key: `user:${userId}`,
        correlationId: commandId,
        actorId: userId,
        deadline: Date.now() + 30_000,
        replyTo: client.replyTo,
        after: [],
        data,
      });
      if (!reply.ok) throw new Error(`presence seed for user ${userId}: ${JSON.stringify(reply.error)}`);
    });
  } finally {
    await client.stop();
  }
}

const seconds = (since: number): string => ((performance.now() - since) / 1000).toFixed(1);
