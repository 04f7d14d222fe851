import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import sodium from 'libsodium-wrappers';
import type { Connection } from 'mongoose';
import { connectMongo, createKafka, createLogger, StackEndpointsSchema, type Started } from '@zulip-es/platform';
import { eventually } from '@zulip-es/testing';
import { BouncerDevices } from '../bouncer/bouncer-devices';
import { BouncerKeyring } from '../bouncer/bouncer-keyring';
import { startBouncerServer, type BouncerServer } from '../bouncer/bouncer-server';
import { BouncerTokens } from '../bouncer/bouncer-tokens';
import { RegistrationQueue } from './registration-jobs';
import { startRegistrationWorker } from '../testing/registration-worker';

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const SERVER = 'retry-spec-server';
const API_KEY = randomBytes(16).toString('hex');
/** A user with no devices: the outcome's command is accepted and changes nothing (this spec looks at the job and the bouncer). */
const NOBODY = 2_000_000_000;

/** What the job answered, once it finished (BullMQ reads null before). */
async function answerOf<T>(jobs: Queue, jobId: string): Promise<T | undefined> {
  const job = await jobs.getJob(jobId);
  return job?.finishedOn ? (job.returnvalue as T) : undefined;
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe('a registration job while the push bouncer is down', () => {
  const env = StackEndpointsSchema.parse(process.env);
  const logger = createLogger('registration-retries-spec', 'silent');
  const queueName = `push-registrations-spec-${randomUUID()}`;
  let redis: Redis;
  let db: Connection;
  let worker: Started;
  let bouncer: BouncerServer | undefined;
  let jobs: Queue;
  beforeAll(async () => {
    await sodium.ready;
    redis = new Redis(env.REDIS_URL, { maxRetriesPerRequest: null });
    db = await connectMongo(env.MONGO_URL, `push_bouncer_spec_${randomBytes(4).toString('hex')}`);
    jobs = new Queue(queueName, { connection: redis });
  });
  afterAll(async () => {
    await worker?.stop();
    await bouncer?.close();
    await jobs.obliterate({ force: true });
    await jobs.close();
    await db.db!.dropDatabase();
    await db.close();
    redis.disconnect();
  });

  it('is tried again until the bouncer answers, and the device keeps one id however often it is registered', async () => {
    const port = await freePort();
    const bouncerConfig = { PUSH_BOUNCER_URL: `http://127.0.0.1:${port}`, PUSH_BOUNCER_SERVER_UUID: SERVER, PUSH_BOUNCER_API_KEY: API_KEY };
    worker = await startRegistrationWorker(
      createKafka('registration-retries-spec', env.KAFKA_BROKERS, logger),
      { connection: redis, bouncer: bouncerConfig, instanceId: `spec-${randomUUID()}`, logLevel: 'silent', queueName },
      logger,
    );
    const pair = sodium.crypto_box_keypair();
    const keys = [{ public_key: b64(pair.publicKey), private_key: b64(pair.privateKey) }];
    const sealed = b64(
      sodium.crypto_box_seal(
        JSON.stringify({ token: 'fcm-retried', token_kind: 'fcm', timestamp: Math.floor(Date.now() / 1000) }),
        pair.publicKey,
      ),
    );
    const request = {
      userId: NOBODY,
      pushAccountId: 31,
      tokenKind: 'fcm' as const,
      pushPublicKey: b64(pair.publicKey),
      bouncerPublicKey: keys[0]!.public_key,
      encryptedPushRegistration: sealed,
    };
    const queue = new RegistrationQueue(jobs, 10);

    await queue.forward(request, 1);
    const first = `register-${NOBODY}-31-1`;
    // Nothing listens on the bouncer's port yet: the first try fails, and the job waits for its next.
    await eventually(async () => ((await jobs.getJob(first))?.attemptsMade ?? 0) >= 1 || undefined, 'a failed first try');
    expect(await jobs.getJobState(first)).not.toBe('completed');

    bouncer = await startBouncerServer({
      port,
      host: '127.0.0.1',
      keyring: await BouncerKeyring.load(keys),
      devices: new BouncerDevices(db),
      tokens: new BouncerTokens(db),
      providers: {},
      servers: { [SERVER]: API_KEY },
      logger,
    });
    const outcome = await eventually(() => answerOf<{ status: string; bouncerDeviceId: number }>(jobs, first), 'the retried job to finish');
    expect(outcome).toEqual({ status: 'active', bouncerDeviceId: expect.any(Number) });
    expect((await jobs.getJob(first))!.attemptsMade).toBeGreaterThanOrEqual(2);

    // The client registers the same device again (a new request): the bouncer answers the same id, with one device kept.
    await queue.forward(request, 2);
    const again = await eventually(() => answerOf<{ bouncerDeviceId: number }>(jobs, `register-${NOBODY}-31-2`), 'the second registration');
    expect(again.bouncerDeviceId).toBe(outcome.bouncerDeviceId);
    expect(await db.collection('devices').countDocuments({ server: SERVER })).toBe(1);
  });
});
