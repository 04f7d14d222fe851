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
import { api, createUser, dumpsWhenCaughtUp, projectedCollections, uploadFile } from '@zulip-es/testing';
import { UploadsProjection } from './uploads.projection';
import { UploadsRepository } from './uploads.repository';
import { UPLOADS_DATABASE } from './uploads.projection';

describe('uploads projection rebuilt from uploads.events', () => {
  const { KAFKA_BROKERS, MONGO_URL } = StackEndpointsSchema.parse(process.env);
  const logger = createLogger('rebuild-test', 'warn');
  const kafka = createKafka('rebuild-test', KAFKA_BROKERS, logger);
  let live: Connection;
  let scratch: Connection;

  beforeAll(async () => {
    live = await connectMongo(MONGO_URL, UPLOADS_DATABASE);
    scratch = await connectMongo(MONGO_URL, `uploads_rebuild_${randomBytes(4).toString('hex')}`);
  });

  afterAll(async () => {
    await scratch.db!.dropDatabase();
    await Promise.all([live.close(), scratch.close()]);
  });

  it('equals the live projection, document for document', async () => {
    // Uploads by two users, one of them removed.
    const [ada, bob] = await Promise.all([createUser(), createUser()]);
    await uploadFile(ada, 'one.txt');
    await uploadFile(bob, 'two.txt');
    await uploadFile(ada, 'three.txt');
    const [first] = (await api('GET', '/attachments', { auth: ada })).body.attachments as { id: number }[];
    expect((await api('DELETE', `/attachments/${first!.id}`, { auth: ada })).status).toBe(200);

    const projection = new UploadsProjection(new UploadsRepository(scratch));
    const projectionOn = (documents: Documents) => new UploadsProjection(new UploadsRepository(documents));
    expect(
      await rebuildProjection({ kafka, db: scratch, topic: eventsTopic('uploads'), projection, projectionOn, logger }),
    ).toBeGreaterThanOrEqual(4);

    // Other tests keep uploading: catch the copy up until both stand at the same offsets.
    const store = new EventStore(kafka, kafka.producer(DURABLE_PRODUCER), eventsTopic('uploads'), scratch, projection, logger);
    const names = await projectedCollections(live);
    expect(names).toEqual(expect.arrayContaining(['attachments', 'owner_attachments', 'attachment_paths', 'counters', 'checkpoints']));
    const { rebuilt, current } = await dumpsWhenCaughtUp(live, scratch, store, names);
    expect(rebuilt).toEqual(current);
  }, 120_000);
});
