import { randomBytes } from 'node:crypto';
import type { Connection } from 'mongoose';
import { eventsTopic } from '@zulip-es/contracts';
import { connectMongo, createKafka, createLogger, DURABLE_PRODUCER, EventStore, rebuildProjection, StackEndpointsSchema } from '@zulip-es/platform';
import { createUser } from '@zulip-es/testing';
import { UsersProjection } from './users.projection';
import { UsersRepository } from './users.repository';

/** Every collection of the live projection, so an area's new collection is compared without listing it here. */
async function dump(db: Connection, names: string[]): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const name of names) out[name] = await db.collection(name).find({}).sort({ _id: 1 }).toArray();
  return out;
}

/** Refused commands leave an outcome but no event, so outcomes are not part of the comparison. */
async function collectionNames(db: Connection): Promise<string[]> {
  return (await db.db!.listCollections().toArray()).map((c) => c.name).filter((n) => n !== 'command_outcomes').sort();
}

describe('users projection rebuilt from users.events', () => {
  const { KAFKA_BROKERS, MONGO_URL } = StackEndpointsSchema.parse(process.env);
  const logger = createLogger('rebuild-test', 'warn');
  const kafka = createKafka('rebuild-test', KAFKA_BROKERS, logger);
  let live: Connection;
  let scratch: Connection;

  beforeAll(async () => {
    live = await connectMongo(MONGO_URL, 'users');
    scratch = await connectMongo(MONGO_URL, `users_rebuild_${randomBytes(4).toString('hex')}`);
  });

  afterAll(async () => {
    await scratch.db!.dropDatabase();
    await Promise.all([live.close(), scratch.close()]);
  });

  it('equals the live projection, document for document', async () => {
    // Some history of every kind first: creations, role and name changes, deactivations.
    await Promise.all([createUser({ role: 200 }), createUser({ role: 600 }), createUser()]);
    const projection = new UsersProjection(new UsersRepository(scratch));
    const projectionOn = (db: Connection) => new UsersProjection(new UsersRepository(db));
    const replayed = await rebuildProjection({ kafka, db: scratch, topic: eventsTopic('users'), projection, projectionOn, logger });
    expect(replayed).toBeGreaterThan(3);

    // Other tests keep writing: catch the copy up until both stand at the same offsets.
    const store = new EventStore(kafka, kafka.producer(DURABLE_PRODUCER), eventsTopic('users'), scratch, projection, logger);
    const names = await collectionNames(live);
    expect(names).toEqual(expect.arrayContaining(['realms', 'users', 'user_emails', 'counters', 'checkpoints']));
    let rebuilt = await dump(scratch, names);
    let current = await dump(live, names);
    for (let i = 0; i < 30 && JSON.stringify(rebuilt) !== JSON.stringify(current); i++) {
      await new Promise((r) => setTimeout(r, 200));
      await store.catchUp();
      [rebuilt, current] = [await dump(scratch, names), await dump(live, names)];
    }
    expect(rebuilt).toEqual(current);
    expect(current.users.length).toBeGreaterThanOrEqual(4);
    // Replays the whole users history, which every other test file adds to while this runs.
  }, 180_000);
});
