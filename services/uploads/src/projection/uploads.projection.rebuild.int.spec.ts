import { randomBytes } from 'node:crypto';
import type { Connection } from 'mongoose';
import { eventsTopic } from '@zulip-es/contracts';
import { connectMongo, createKafka, createLogger, DURABLE_PRODUCER, EventStore, rebuildProjection, StackEndpointsSchema } from '@zulip-es/platform';
import { api, createUser, type Credentials } from '@zulip-es/testing';
import { UploadsProjection } from './uploads.projection';
import { UploadsRepository } from './uploads.repository';

async function dump(db: Connection, names: string[]): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const name of names) out[name] = await db.collection(name).find({}).sort({ _id: 1 }).toArray();
  return out;
}

/** Refused commands leave an outcome but no event, so outcomes are not part of the comparison. */
async function collectionNames(db: Connection): Promise<string[]> {
  return (await db.db!.listCollections().toArray()).map((c) => c.name).filter((n) => n !== 'command_outcomes').sort();
}

const upload = async (auth: Credentials, name: string): Promise<void> => {
  const form = new FormData();
  form.append('file', new Blob([`content of ${name}`], { type: 'text/plain' }), name);
  const res = await api('POST', '/user_uploads', { auth, multipart: form });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
};

describe('uploads projection rebuilt from uploads.events', () => {
  const { KAFKA_BROKERS, MONGO_URL } = StackEndpointsSchema.parse(process.env);
  const logger = createLogger('rebuild-test', 'warn');
  const kafka = createKafka('rebuild-test', KAFKA_BROKERS, logger);
  let live: Connection;
  let scratch: Connection;

  beforeAll(async () => {
    live = await connectMongo(MONGO_URL, 'uploads');
    scratch = await connectMongo(MONGO_URL, `uploads_rebuild_${randomBytes(4).toString('hex')}`);
  });

  afterAll(async () => {
    await scratch.db!.dropDatabase();
    await Promise.all([live.close(), scratch.close()]);
  });

  it('equals the live projection, document for document', async () => {
    // Uploads by two users, one of them removed.
    const [ada, bob] = await Promise.all([createUser(), createUser()]);
    await upload(ada, 'one.txt');
    await upload(bob, 'two.txt');
    await upload(ada, 'three.txt');
    const [first] = ((await api('GET', '/attachments', { auth: ada })).body.attachments as { id: number }[]);
    expect((await api('DELETE', `/attachments/${first!.id}`, { auth: ada })).status).toBe(200);

    const projection = new UploadsProjection(new UploadsRepository(scratch));
    const projectionOn = (db: Connection) => new UploadsProjection(new UploadsRepository(db));
    expect(await rebuildProjection({ kafka, db: scratch, topic: eventsTopic('uploads'), projection, projectionOn, logger })).toBeGreaterThanOrEqual(4);

    // Other tests keep uploading: catch the copy up until both stand at the same offsets.
    const store = new EventStore(kafka, kafka.producer(DURABLE_PRODUCER), eventsTopic('uploads'), scratch, projection, logger);
    const names = await collectionNames(live);
    expect(names).toEqual(expect.arrayContaining(['attachments', 'owner_attachments', 'attachment_paths', 'counters', 'checkpoints']));
    let rebuilt = await dump(scratch, names);
    let current = await dump(live, names);
    for (let i = 0; i < 30 && JSON.stringify(rebuilt) !== JSON.stringify(current); i++) {
      await new Promise((r) => setTimeout(r, 200));
      await store.catchUp();
      [rebuilt, current] = [await dump(scratch, names), await dump(live, names)];
    }
    expect(rebuilt).toEqual(current);
  }, 120_000);
});
