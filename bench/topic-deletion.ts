import { randomBytes } from 'node:crypto';
import type { Connection } from 'mongoose';
import { StackEndpointsSchema } from '../libs/platform/src/config/stack-endpoints';
import { connectMongo } from '../libs/platform/src/mongo/connect-mongo';
import { encodeParams } from '../libs/testing/src/zulip-client';
import { addIds } from '../services/messages/src/messages/message-lists/message-list';
import { listsOf, messageDocId, type MessageState } from '../services/messages/src/messages/message.state';
import { MessagesRepository } from '../services/messages/src/projection/messages.repository';
import { channelAggregateId } from '../services/messages/src/channels/channel.state';

export interface TopicDeletionMeasurement {
  messages: number;
  /** Seconds to seed the topic into the store (not part of either rate). */
  seedSeconds: number;
  /** Seconds from the first POST /streams/{id}/delete_topic to the one answering complete: true. */
  deletionSeconds: number;
  /** Messages per second of E10. */
  deletionPerSecond: number;
  /** Documents per second of the raw batched delete (100 by `_id` per request) of as many documents. */
  rawPerSecond: number;
}

const BATCH = 100;
const INSERT_CHUNK = 1_000;
const form = { 'content-type': 'application/x-www-form-urlencoded' };

/**
 * PERFORMANCE.md: E10 on a topic of `count` messages against a raw batched delete on the same
 * store in the same run. The topic is seeded straight into the messages projection (message
 * documents and the topic's and channel's id lists, in bulk, the message id counter raised past
 * them), as the projection of `count` sends would leave it: sending them through the API would
 * take most of an hour on this machine. The deletion then runs for real: the API request, the
 * BullMQ job, one `topic.delete_batch` command per 100 messages decided on key `realm`, one
 * `messages.deleted.v1` each, projected. The baseline deletes as many documents of the same shape,
 * seeded into a scratch collection of the same database, 100 by `_id` per request, newest first:
 * the newer half just before the deletion and the older half just after, so that a machine
 * getting busier or quieter during the run weighs on both rates alike.
 */
export async function measureTopicDeletion(gatewayUrl: string, authorization: string, count = 100_000): Promise<TopicDeletionMeasurement> {
  const db = await connectMongo(StackEndpointsSchema.parse(process.env).MONGO_URL, 'messages');
  try {
    const repo = new MessagesRepository(db);
    const channelId = await createChannel(gatewayUrl, authorization);
    const seedStarted = process.hrtime.bigint();
    const ids = await seedTopic(repo, channelId, count);
    const seedSeconds = Number(process.hrtime.bigint() - seedStarted) / 1e9;
    const half = Math.floor(ids.length / 2);
    const rawBefore = await rawBatchedDelete(db, ids.slice(half), channelId);

    const started = process.hrtime.bigint();
    for (let requests = 0; ; requests++) {
      const res = await fetch(`${gatewayUrl}/api/v1/streams/${channelId}/delete_topic`, {
        method: 'POST',
        headers: { authorization, ...form },
        body: encodeParams({ topic_name: 'bench' }).toString(),
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
    const left = await repo.messagesByIds(ids.slice(0, 10).concat(ids.slice(-10)));
    if (left.length > 0) throw new Error(`bench: ${left.length} seeded messages survived the topic deletion`);

    const rawAfter = await rawBatchedDelete(db, ids.slice(0, half), channelId);
    const rawPerSecond = ids.length / (rawBefore + rawAfter);
    return { messages: count, seedSeconds, deletionSeconds, deletionPerSecond: count / deletionSeconds, rawPerSecond };
  } finally {
    await db.close();
  }
}

async function createChannel(gatewayUrl: string, authorization: string): Promise<number> {
  const res = await fetch(`${gatewayUrl}/api/v1/channels/create`, {
    method: 'POST',
    headers: { authorization, ...form },
    body: encodeParams({ name: `bench-topic-deletion-${randomBytes(4).toString('hex')}`, subscribers: [] }).toString(),
  });
  const body = (await res.json()) as { id: number };
  if (!res.ok) throw new Error(`bench: could not create the topic deletion channel (${res.status})`);
  return body.id;
}

const messageDoc = (messageId: number, channelId: number, senderId: number, version: number): MessageState & { _id: string } => ({
  _id: messageDocId(messageId),
  messageId,
  senderId,
  conversation: { type: 'channel', channelId, topic: 'bench' },
  recipientId: channelId * 3,
  content: `Bench message ${messageId}`,
  renderedContent: `<p>Bench message ${messageId}</p>`,
  timestamp: Math.floor(Date.now() / 1000),
  client: 'bench',
  version,
});

/**
 * `count` messages in topic `bench` of the channel, with ids above every id given so far (the
 * message id counter is raised first, so a message sent meanwhile could not take one of them).
 */
async function seedTopic(repo: MessagesRepository, channelId: number, count: number): Promise<number[]> {
  const channel = await repo.channel(channelId);
  if (!channel) throw new Error(`bench: channel ${channelId} is not projected`);
  const first = (await repo.lastMessageId()) + 1_000;
  const ids = Array.from({ length: count }, (_, i) => first + i);
  const version = await repo.messagesVersion();
  await repo.setMessagesVersion(version, ids[ids.length - 1]);
  const senderId = channel.creatorId ?? 1;
  for (let i = 0; i < ids.length; i += INSERT_CHUNK) {
    await repo.messages.insertMany(ids.slice(i, i + INSERT_CHUNK).map((id) => messageDoc(id, channelId, senderId, version)) as never, {
      ordered: false,
    });
  }
  for (const key of listsOf({ type: 'channel', channelId, topic: 'bench' })) await addIds(repo.lists, key, ids);
  await repo.channels.updateOne({ _id: channelAggregateId(channelId) }, { $set: { firstMessageId: ids[0] } });
  return ids;
}

/** The floor: seconds to delete documents of the same shape, newest first, 100 by `_id` per request. */
async function rawBatchedDelete(db: Connection, ids: readonly number[], channelId: number): Promise<number> {
  const collection = db.collection<{ _id: string }>(`bench_raw_delete_${randomBytes(3).toString('hex')}`);
  try {
    for (let i = 0; i < ids.length; i += INSERT_CHUNK) {
      await collection.insertMany(
        ids.slice(i, i + INSERT_CHUNK).map((id) => messageDoc(id, channelId, 1, 0)),
        { ordered: false },
      );
    }
    const newestFirst = [...ids].reverse();
    const started = process.hrtime.bigint();
    for (let i = 0; i < newestFirst.length; i += BATCH) {
      await collection.bulkWrite(
        newestFirst.slice(i, i + BATCH).map((id) => ({ deleteOne: { filter: { _id: messageDocId(id) } } })),
        { ordered: false },
      );
    }
    return Number(process.hrtime.bigint() - started) / 1e9;
  } finally {
    await collection.drop().catch(() => undefined);
  }
}
