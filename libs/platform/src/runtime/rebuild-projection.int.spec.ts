import { randomBytes, randomUUID } from 'node:crypto';
import type { Admin, Kafka, Producer } from 'kafkajs';
import type { Connection } from 'mongoose';
import type { EventEnvelope } from '@zulip-es/contracts';
import { StackEndpointsSchema } from '../config/stack-endpoints';
import { EventStore, type Projection } from '../event-store/event-store';
import { ensureTopics } from '../kafka/ensure-topics';
import { createKafka, DURABLE_PRODUCER } from '../kafka/kafka-client';
import { createLogger } from '../logging/logger';
import { connectMongo } from '../mongo/connect-mongo';
import { rebuildIfStale } from './rebuild-projection';

type NoteDoc = { _id: string; text?: string; words?: number };

/** Release 1 stores each note's text; release 2 stores its word count instead. */
const projectionOf = (db: Connection, version: number | undefined): Projection => ({
  version,
  async apply(event) {
    const text = String(event.data.text);
    const doc = version === 2 ? { words: text.split(' ').length } : { text };
    await db.collection<NoteDoc>('notes').replaceOne({ _id: event.aggregateId }, doc, { upsert: true });
  },
});

describe('projection versions: a stale projection is rebuilt at start', () => {
  const { KAFKA_BROKERS, MONGO_URL } = StackEndpointsSchema.parse(process.env);
  const logger = createLogger('rebuild-test', 'error');
  const run = randomBytes(4).toString('hex');
  const topic = `test-${run}.events`;
  let kafka: Kafka;
  let admin: Admin;
  let producer: Producer;
  let db: Connection;

  const notes = () => db.collection<NoteDoc>('notes').find({}).sort({ _id: 1 }).toArray();
  const note = (id: string, text: string): EventEnvelope => ({
    eventId: randomUUID(),
    type: 'note.written.v1',
    aggregateId: id,
    sequence: 1,
    time: new Date().toISOString(),
    actorId: null,
    correlationId: id,
    causationId: id,
    data: { text },
  });

  beforeAll(async () => {
    kafka = createKafka(`rebuild-test-${run}`, KAFKA_BROKERS, logger);
    admin = kafka.admin();
    await admin.connect();
    await ensureTopics(admin, [{ name: topic, partitions: 2, retention: { ms: 3_600_000 }, purpose: 'test' }]);
    producer = kafka.producer(DURABLE_PRODUCER);
    await producer.connect();
    db = await connectMongo(MONGO_URL, `rebuild_test_${run}`);
  });

  afterAll(async () => {
    await producer.disconnect();
    await admin.deleteTopics({ topics: [topic] }).catch(() => undefined);
    await admin.disconnect();
    await db.dropDatabase();
    await db.close();
  });

  it('records the version of a new store, rebuilds when it changes, and leaves a current one alone', async () => {
    const v1 = projectionOf(db, 1);
    await rebuildIfStale({ kafka, db, topic, projection: v1, logger });
    const store = new EventStore(kafka, producer, topic, db, v1, logger);
    await store.append('a', [note('a', 'one two three')]);
    await store.append('b', [note('b', 'four')]);
    await store.flushCheckpoints();
    expect(await notes()).toEqual([
      { _id: 'a', text: 'one two three' },
      { _id: 'b', text: 'four' },
    ]);

    await rebuildIfStale({ kafka, db, topic, projection: v1, logger });
    expect(await notes()).toEqual([
      { _id: 'a', text: 'one two three' },
      { _id: 'b', text: 'four' },
    ]);

    const v2 = projectionOf(db, 2);
    await rebuildIfStale({ kafka, db, topic, projection: v2, logger });
    expect(await notes()).toEqual([
      { _id: 'a', words: 3 },
      { _id: 'b', words: 1 },
    ]);
    // The rebuilt projection's checkpoints are current: the normal catch-up applies nothing more.
    expect(await new EventStore(kafka, producer, topic, db, v2, logger).catchUp()).toBe(0);
  });

  it('rebuilds a projection written before versions existed', async () => {
    await db.collection('projection_meta').deleteMany({});
    await rebuildIfStale({ kafka, db, topic, projection: projectionOf(db, undefined), logger });
    expect(await notes()).toEqual([
      { _id: 'a', text: 'one two three' },
      { _id: 'b', text: 'four' },
    ]);
    expect(await db.collection('projection_meta').findOne({})).toEqual({ _id: 'version', version: 0 });
  });

  it('keeps the outcomes recorded up to the checkpoints and derives those a crash left unwritten', async () => {
    const v3 = projectionOf(db, 3);
    const store = new EventStore(kafka, producer, topic, db, v3, logger);
    await rebuildIfStale({ kafka, db, topic, projection: v3, logger });
    await store.append('d', [note('d', 'five six')]);
    await store.flushCheckpoints();
    const outcomes = db.collection<{ _id: string; kept?: boolean }>('command_outcomes');
    // Marks an outcome the rebuild must leave alone (it is recorded: the checkpoint vouches for it).
    await outcomes.updateOne({ _id: 'd' }, { $set: { kept: true } });
    // A crashed instance: its event reached Kafka, its outcome and checkpoint did not.
    await producer.send({
      topic,
      acks: -1,
      messages: [{ key: 'e', value: JSON.stringify(note('e', 'seven')), headers: { type: 'note.written.v1' } }],
    });

    await rebuildIfStale({ kafka, db, topic, projection: projectionOf(db, 4), logger });
    expect(await outcomes.findOne({ _id: 'd' })).toMatchObject({ kept: true });
    expect(await store.outcomeOf('e')).toMatchObject({ events: [{ type: 'note.written.v1', aggregateId: 'e', data: { text: 'seven' } }] });
    expect(await notes()).toContainEqual({ _id: 'e', text: 'seven' });
  });
});
