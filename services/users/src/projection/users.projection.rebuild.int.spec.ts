import { randomBytes } from 'node:crypto';
import type { Connection } from 'mongoose';
import { eventsTopic } from '@zulip-es/contracts';
import {
  connectMongo,
  createKafka,
  createLogger,
  DURABLE_PRODUCER,
  EventStore,
  rebuildProjection,
  StackEndpointsSchema,
  type Documents,
} from '@zulip-es/platform';
import { createUser, dumpsWhenCaughtUp, projectedCollections } from '@zulip-es/testing';
import { UsersProjection } from './users.projection';
import { UsersRepository } from './users.repository';
import { USERS_DATABASE } from './users.projection';

describe('users projection rebuilt from users.events', () => {
  const { KAFKA_BROKERS, MONGO_URL } = StackEndpointsSchema.parse(process.env);
  const logger = createLogger('rebuild-test', 'warn');
  const kafka = createKafka('rebuild-test', KAFKA_BROKERS, logger);
  let live: Connection;
  let scratch: Connection;

  beforeAll(async () => {
    live = await connectMongo(MONGO_URL, USERS_DATABASE);
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
    const projectionOn = (documents: Documents) => new UsersProjection(new UsersRepository(documents));
    const replayed = await rebuildProjection({ kafka, db: scratch, topic: eventsTopic('users'), projection, projectionOn, logger });
    expect(replayed).toBeGreaterThan(3);

    // Other tests keep writing: catch the copy up until both stand at the same offsets.
    const store = new EventStore(kafka, kafka.producer(DURABLE_PRODUCER), eventsTopic('users'), scratch, projection, logger);
    const names = await projectedCollections(live);
    expect(names).toEqual(expect.arrayContaining(['realms', 'users', 'user_emails', 'counters', 'checkpoints']));
    const { rebuilt, current } = await dumpsWhenCaughtUp(live, scratch, store, names);
    expect(rebuilt).toEqual(current);
    expect(current.users.length).toBeGreaterThanOrEqual(4);
    // Replays the whole users history, which every other test file adds to while this runs.
  }, 180_000);
});
