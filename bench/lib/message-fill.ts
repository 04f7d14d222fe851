import { randomUUID } from 'node:crypto';
import type { Kafka, Message } from 'kafkajs';
import { EventEnvelope, eventsTopic, MessageSentV1 } from '../../libs/contracts/src';
import { DURABLE_PRODUCER } from '../../libs/platform/src/kafka/kafka-client';
import { TopicFollower } from '../../libs/platform/src/kafka/topic-follower';
import type { Logger } from '../../libs/platform/src/logging/logger';

/** A message.sent.v1 record of messages.events, and where its aggregate stands in the log. */
export interface SentRecord {
  partition: number;
  key: string;
  envelope: EventEnvelope;
  event: MessageSentV1;
  /** The highest sequence of the event's aggregate in the log. */
  lastSequence: number;
  /** The highest message id sent in the log. */
  lastMessageId: number;
}

/** How far back from the end of each partition the record of a message just sent is looked for. */
const TAIL = 1_000;
/** Records per append: a few hundred bytes each, well under the broker's 1 MiB per request. */
const APPEND_BATCH = 1_000;
/**
 * The copies are dated a day back. A command that old can no longer be delivered again, so a
 * rebuild derives no command outcome for them (README, "Command outcomes"), as for any old
 * history; dated now, each would have an outcome looked up and written, as if 100,000 commands
 * had just been answered.
 */
const BACKDATED_MS = 24 * 60 * 60 * 1000;

/**
 * The record of message `messageId` on messages.events, read from the end of the log. Call it
 * with the messages service stopped, so that nothing is appended after what it finds.
 */
export async function sentRecord(kafka: Kafka, logger: Logger, messageId: number): Promise<SentRecord> {
  const topic = eventsTopic('messages');
  const admin = kafka.admin();
  await admin.connect();
  const offsets = await admin.fetchTopicOffsets(topic).finally(() => admin.disconnect());
  const starts = new Map(offsets.map((o) => [o.partition, BigInt(Math.max(Number(o.low), Number(o.high) - TAIL))]));
  const read: Array<{ partition: number; key: string; envelope: EventEnvelope }> = [];
  const follower = new TopicFollower(
    kafka,
    { name: 'bench-sent-record', topics: [topic], stopAtEnd: true, startAt: (_topic, partition) => starts.get(partition) },
    async (batch) => {
      for (const m of batch) {
        const envelope = EventEnvelope.safeParse(JSON.parse(m.value.toString()));
        if (envelope.success) read.push({ partition: m.partition, key: m.key ?? '', envelope: envelope.data });
      }
    },
    logger,
  );
  await follower.start();
  const sent = read.filter((r) => r.envelope.type === 'message.sent.v1');
  const found = sent.find((r) => r.envelope.data.messageId === messageId);
  if (!found) throw new Error(`bench: message ${messageId} not found among the last ${TAIL} records of each partition of ${topic}`);
  const sameAggregate = read.filter((r) => r.envelope.aggregateId === found.envelope.aggregateId);
  return {
    partition: found.partition,
    key: found.key,
    envelope: found.envelope,
    event: MessageSentV1.parse({ type: found.envelope.type, data: found.envelope.data }),
    lastSequence: Math.max(...sameAggregate.map((r) => r.envelope.sequence)),
    lastMessageId: Math.max(...sent.map((r) => Number(r.envelope.data.messageId))),
  };
}

/**
 * Appends `count` more messages like `template` (same sender, conversation and content) to
 * messages.events, as the messages service appends them: the aggregate's next sequences and
 * message ids, the same record key and partition, each event checked against the published
 * schemas. Resolves to their message ids. Only with the messages service stopped: it is the one
 * writer of that aggregate, and it projects them when it next rebuilds or starts.
 */
export async function appendCopies(kafka: Kafka, template: SentRecord, count: number): Promise<number[]> {
  const topic = eventsTopic('messages');
  const time = new Date(Date.now() - BACKDATED_MS).toISOString();
  const command = `bench-fill-${randomUUID()}`;
  const ids: number[] = [];
  const producer = kafka.producer(DURABLE_PRODUCER);
  await producer.connect();
  try {
    for (let first = 1; first <= count; first += APPEND_BATCH) {
      const messages: Message[] = [];
      for (let n = first; n < first + APPEND_BATCH && n <= count; n++) {
        const messageId = template.lastMessageId + n;
        const event = MessageSentV1.parse({ type: 'message.sent.v1', data: { ...template.event.data, messageId, sentAt: time } });
        const envelope = EventEnvelope.parse({
          ...template.envelope,
          eventId: randomUUID(),
          sequence: template.lastSequence + n,
          time,
          correlationId: `${command}-${n}`,
          causationId: `${command}-${n}`,
          data: event.data,
        });
        messages.push({
          key: template.key,
          partition: template.partition,
          value: JSON.stringify(envelope),
          headers: { type: envelope.type },
        });
        ids.push(messageId);
      }
      await producer.send({ topic, acks: -1, messages });
    }
  } finally {
    await producer.disconnect();
  }
  return ids;
}
