import type { Kafka } from 'kafkajs';
import { createKafka, createLogger, StackEndpointsSchema, TopicFollower, type FollowedMessage } from '@zulip-es/platform';

/** Every record of `topic` up to its end when called, as an outside consumer reads them. */
export async function topicRecords(topic: string, kafka?: Kafka): Promise<FollowedMessage[]> {
  const logger = createLogger('topic-records', 'warn');
  const client = kafka ?? createKafka('topic-records', StackEndpointsSchema.parse(process.env).KAFKA_BROKERS, logger);
  const records: FollowedMessage[] = [];
  await new TopicFollower(
    client,
    { name: `topic-records-${topic}`, topics: [topic], stopAtEnd: true },
    async (batch) => void records.push(...batch),
    logger,
  ).start();
  return records;
}
