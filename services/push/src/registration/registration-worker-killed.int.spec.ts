import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type { Connection } from 'mongoose';
import { connectMongo, createKafka, createLogger, StackEndpointsSchema, type Started } from '@zulip-es/platform';
import { eventually } from '@zulip-es/testing';
import { BouncerDevices } from '../bouncer/bouncer-devices';
import { BouncerKeyring } from '../bouncer/bouncer-keyring';
import { startBouncerServer, type BouncerServer } from '../bouncer/bouncer-server';
import { BouncerTokens } from '../bouncer/bouncer-tokens';
import { RegistrationQueue } from './registration-jobs';
import { startRegistrationWorker } from '../testing/registration-worker';

const SERVER = 'killed-worker-spec-server';
const API_KEY = randomBytes(16).toString('hex');
const USER = 2_000_000_001;
/** The worker of registration-worker.child.ts, run from the sources (its and the libraries') by tsx. */
const CHILD = path.join(__dirname, '..', 'testing', 'registration-worker.child.ts');
const FROM_SOURCES = { TSX_TSCONFIG_PATH: path.join(__dirname, '..', '..', '..', '..', 'tsconfig.typecheck.json') };

/** A bouncer that takes requests and never answers them: a job calling it stays in the middle of its work. */
async function silentBouncer(): Promise<{ server: Server; url: string; received: IncomingMessage[] }> {
  const received: IncomingMessage[] = [];
  const server = createServer((req) => received.push(req));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received };
}

describe('a registration worker killed with SIGKILL in the middle of a job', () => {
  const env = StackEndpointsSchema.parse(process.env);
  const logger = createLogger('registration-worker-killed-spec', 'silent');
  const queueName = `push-registrations-killed-spec-${randomUUID()}`;
  let redis: Redis;
  let db: Connection;
  let jobs: Queue;
  let child: ChildProcess | undefined;
  let silent: Awaited<ReturnType<typeof silentBouncer>> | undefined;
  let bouncer: BouncerServer | undefined;
  let worker: Started | undefined;
  beforeAll(async () => {
    redis = new Redis(env.REDIS_URL, { maxRetriesPerRequest: null });
    db = await connectMongo(env.MONGO_URL, `push_bouncer_spec_${randomBytes(4).toString('hex')}`);
    jobs = new Queue(queueName, { connection: redis });
  });
  afterAll(async () => {
    if (child?.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await worker?.stop();
    await bouncer?.close();
    silent?.server.closeAllConnections();
    silent?.server.close();
    await jobs.obliterate({ force: true });
    await jobs.close();
    await db.db!.dropDatabase();
    await db.close();
    redis.disconnect();
  });

  it('leaves its job to another worker once its lock expires, which completes it once', async () => {
    expect(existsSync(CHILD)).toBe(true);
    silent = await silentBouncer();
    const started = fork(CHILD, [], {
      execArgv: ['--import', 'tsx'],
      env: {
        ...process.env,
        ...FROM_SOURCES,
        PUSH_REGISTRATION_QUEUE: queueName,
        PUSH_BOUNCER_URL: silent.url,
        PUSH_BOUNCER_SERVER_UUID: SERVER,
        PUSH_BOUNCER_API_KEY: API_KEY,
      },
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    child = started;
    await new Promise<void>((resolve, reject) => {
      started.once('message', () => resolve());
      started.once('exit', (code) => reject(new Error(`the worker process exited (${code}) before it was ready`)));
    });

    const token = { user_id: USER, token_kind: 'fcm' as const, token: `fcm-killed-${randomUUID()}`, ios_app_id: null, sequence: 1 };
    const queue = new RegistrationQueue(jobs, 10);
    await queue.forwardToken(token, true);
    const jobId = `token-${USER}-1`;
    // The worker took the job and is waiting on the bouncer's answer: killed now, it is mid-job.
    await eventually(async () => silent!.received.length === 1 || undefined, 'the worker to call the bouncer');
    expect(await jobs.getJobState(jobId)).toBe('active');
    const exited = new Promise((resolve) => started.once('exit', resolve));
    started.kill('SIGKILL');
    await exited;

    // Another worker, with a bouncer that answers.
    bouncer = await startBouncerServer({
      port: 0,
      host: '127.0.0.1',
      keyring: await BouncerKeyring.load([]),
      devices: new BouncerDevices(db),
      tokens: new BouncerTokens(db),
      providers: {},
      servers: { [SERVER]: API_KEY },
      logger,
    });
    const bouncerConfig = {
      PUSH_BOUNCER_URL: `http://127.0.0.1:${bouncer.port}`,
      PUSH_BOUNCER_SERVER_UUID: SERVER,
      PUSH_BOUNCER_API_KEY: API_KEY,
    };
    worker = await startRegistrationWorker(
      createKafka('registration-worker-killed-spec', env.KAFKA_BROKERS, logger),
      { connection: redis, bouncer: bouncerConfig, instanceId: `spec-${randomUUID()}`, logLevel: 'silent', queueName },
      logger,
    );

    // The killed worker's lock lasts 30 s; the next stalled-job check gives the job back.
    const done = await eventually(
      async () => {
        const job = await jobs.getJob(jobId);
        return job?.finishedOn ? job : undefined;
      },
      'the job to be completed by the other worker',
      60_000,
    );
    expect(await jobs.getJobState(jobId)).toBe('completed');
    expect(done.stalledCounter).toBe(1);
    expect(done.failedReason).toBeFalsy();
    expect(await new BouncerTokens(db).activeOf(SERVER, USER)).toEqual([
      { kind: 'fcm', token: token.token, iosAppId: null, sequence: 1, active: true },
    ]);
    expect(silent.received).toHaveLength(1);
  }, 120_000);
});
