import { randomBytes } from 'node:crypto';
import type { Connection } from 'mongoose';
import { StackEndpointsSchema } from '../libs/platform/src/config/stack-endpoints';
import { createKafka } from '../libs/platform/src/kafka/kafka-client';
import { createLogger } from '../libs/platform/src/logging/logger';
import { connectMongo } from '../libs/platform/src/mongo/connect-mongo';
import { encodeParams } from '../libs/testing/src/zulip-client';
import { SERVICES } from '../infra/system/service-process';
import type { RunningSystem } from '../infra/system/system';
import { apiCaller, type ApiCall } from './lib/api';
import { untilQuiet } from './lib/idle';
import { appendCopies, sentRecord, type SentRecord } from './lib/message-fill';
import { operatorRebuild, whileStopped } from './lib/operator-rebuild';

export interface TopicDeletionMeasurement {
  messages: number;
  /** Seconds to fill the topic (not part of either rate): the appends, the rebuild, the restart and the system settling. */
  seedSeconds: number;
  /** Of those, seconds of `npm run rebuild -- messages`, and how many events it replayed. */
  fillRebuild: { seconds: number; events: number };
  /** Seconds from the first POST /streams/{id}/delete_topic to the one answering complete: true. */
  deletionSeconds: number;
  /** Messages per second of E10. */
  deletionPerSecond: number;
  /** Documents per second of the raw batched delete (100 by `_id` per request) of as many documents. */
  rawPerSecond: number;
}

const TOPIC = 'bench';
const BATCH = 100;
const INSERT_CHUNK = 1_000;
const form = { 'content-type': 'application/x-www-form-urlencoded' };

/**
 * PERFORMANCE.md: E10 on a topic of `count` messages against a raw batched delete on the same
 * store in the same run, through the system's public interfaces only. Sending 100,000 messages
 * through the API would take most of an hour on this machine, so one is sent and the rest are
 * appended to messages.events as the messages service appends sends (message.sent.v1 events
 * valid by the published schemas, the next sequences of the messages aggregate, the next ids),
 * the service stopped meanwhile; the operator's `npm run rebuild -- messages` then projects the
 * whole topic in bulk and the service is started again. The deletion then runs for real: the API
 * request, repeated while it answers `complete: false`, the BullMQ job, one `topic.delete_batch`
 * command per 100 messages decided on key `realm`, one `messages.deleted.v1` each, projected.
 * The baseline deletes as many documents of the same shape (each message's message.sent.v1
 * data), seeded into a scratch database of the same store, 100 by `_id` per request, newest
 * first: the newer half just before the deletion and the older half just after, so that a
 * machine getting busier or quieter during the run weighs on both rates alike.
 */
export async function measureTopicDeletion(
  system: RunningSystem,
  authorization: string,
  count = 100_000,
): Promise<TopicDeletionMeasurement> {
  const { gatewayUrl } = system;
  const api = apiCaller(gatewayUrl, authorization);
  const channelId = await createChannel(api);
  const seedStarted = process.hrtime.bigint();
  const { ids, template, rebuild } = await fillTopic(system, api, channelId, count);
  const seedSeconds = Number(process.hrtime.bigint() - seedStarted) / 1e9;
  if ((await newestInTopic(api, channelId)) !== ids.at(-1))
    throw new Error('bench: the filled topic does not end with the last message appended');

  const raw = await connectMongo(StackEndpointsSchema.parse(process.env).MONGO_URL, `bench_raw_delete_${randomBytes(3).toString('hex')}`);
  try {
    const half = Math.floor(ids.length / 2);
    const rawBefore = await rawBatchedDelete(raw, ids.slice(half), template);

    const started = process.hrtime.bigint();
    for (let requests = 0; ; requests++) {
      const res = await fetch(`${gatewayUrl}/api/v1/streams/${channelId}/delete_topic`, {
        method: 'POST',
        headers: { authorization, ...form },
        body: encodeParams({ topic_name: TOPIC }).toString(),
      });
      const body = (await res.json()) as { result: string; code?: string; complete?: boolean };
      // The request waits up to DELETE_TOPIC_WAIT_MS (8 s) and the gateway 10 s: on a busy machine
      // it may answer 503, and a client repeats the request, as after complete: false.
      if (body.result !== 'success' && body.code !== 'SERVICE_UNAVAILABLE')
        throw new Error(`bench: delete_topic failed: ${JSON.stringify(body)}`);
      if (body.complete === true) break;
      if (requests > 10_000) throw new Error('bench: the topic deletion did not complete');
    }
    const deletionSeconds = Number(process.hrtime.bigint() - started) / 1e9;
    const left = await newestInTopic(api, channelId);
    if (left !== undefined) throw new Error(`bench: message ${left} survived the topic deletion`);

    const rawAfter = await rawBatchedDelete(raw, ids.slice(0, half), template);
    const rawPerSecond = ids.length / (rawBefore + rawAfter);
    return {
      messages: count,
      seedSeconds,
      fillRebuild: rebuild,
      deletionSeconds,
      deletionPerSecond: count / deletionSeconds,
      rawPerSecond,
    };
  } finally {
    await raw.dropDatabase();
    await raw.close();
  }
}

async function createChannel(api: ApiCall): Promise<number> {
  const { id } = await api('POST', '/channels/create', { name: `bench-topic-deletion-${randomBytes(4).toString('hex')}`, subscribers: [] });
  return id as number;
}

/**
 * `count` messages in the topic: the first sent through the API, the others appended as copies
 * of its event while the messages service is stopped, then projected by the operator's rebuild.
 * The rebuild replays the whole of messages.events, and every run leaves 100,000 sends and their
 * deletions there: on a bench stack kept for many runs, filling takes longer each time (deleting
 * `<data dir>/bench`, its stack stopped, starts it afresh). Returns once every service has read
 * the copies (the realtime, push and uploads services follow messages.events too) and is quiet.
 */
async function fillTopic(
  system: RunningSystem,
  api: ApiCall,
  channelId: number,
  count: number,
): Promise<{ ids: number[]; template: SentRecord; rebuild: { seconds: number; events: number } }> {
  const { id } = await api('POST', '/messages', { type: 'stream', to: String(channelId), topic: TOPIC, content: 'Bench message' });
  const logger = createLogger('bench-topic-deletion', 'warn');
  const kafka = createKafka('bench-topic-deletion', StackEndpointsSchema.parse(process.env).KAFKA_BROKERS, logger);
  const messages = system.processes.messages;
  const began = performance.now();
  let appendSeconds = 0;
  const { ids, template, rebuild } = await whileStopped(messages, async () => {
    const template = await sentRecord(kafka, logger, id as number);
    const copies = await appendCopies(kafka, template, count - 1);
    appendSeconds = (performance.now() - began) / 1000;
    return { ids: [id as number, ...copies], template, rebuild: await operatorRebuild('messages', messages) };
  });
  const settledMs = await untilQuiet(SERVICES.map((service) => system.processes[service].pid!));
  console.log(
    `  filled: ${count - 1} events appended in ${appendSeconds.toFixed(1)} s, npm run rebuild -- messages replayed ${rebuild.events} in ${rebuild.wallSeconds.toFixed(1)} s, settled in ${(settledMs / 1000).toFixed(1)} s`,
  );
  return { ids, template, rebuild: { seconds: rebuild.wallSeconds, events: rebuild.events } };
}

/** The id of the newest message of the topic a client reads (GET /messages), undefined when it has none. */
async function newestInTopic(api: ApiCall, channelId: number): Promise<number | undefined> {
  const narrow = [
    { operator: 'channel', operand: channelId },
    { operator: 'topic', operand: TOPIC },
  ];
  const { messages } = await api('GET', '/messages', { anchor: 'newest', num_before: 1, num_after: 0, narrow });
  return (messages as Array<{ id: number }>)[0]?.id;
}

/** The floor: seconds to delete documents of the same shape, newest first, 100 by `_id` per request. */
async function rawBatchedDelete(db: Connection, ids: readonly number[], template: SentRecord): Promise<number> {
  const collection = db.collection<{ _id: string }>(`bench_raw_delete_${randomBytes(3).toString('hex')}`);
  const doc = (messageId: number) => ({ _id: `message:${messageId}`, ...template.event.data, messageId, sequence: template.lastSequence });
  try {
    for (let i = 0; i < ids.length; i += INSERT_CHUNK) {
      await collection.insertMany(ids.slice(i, i + INSERT_CHUNK).map(doc), { ordered: false });
    }
    const newestFirst = [...ids].reverse();
    const started = process.hrtime.bigint();
    for (let i = 0; i < newestFirst.length; i += BATCH) {
      await collection.bulkWrite(
        newestFirst.slice(i, i + BATCH).map((id) => ({ deleteOne: { filter: { _id: `message:${id}` } } })),
        { ordered: false },
      );
    }
    return Number(process.hrtime.bigint() - started) / 1e9;
  } finally {
    await collection.drop().catch(() => undefined);
  }
}
