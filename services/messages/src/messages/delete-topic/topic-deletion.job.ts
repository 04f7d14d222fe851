import { createHash } from 'node:crypto';
import { z } from 'zod';

export const TOPIC_DELETION_QUEUE = 'messages-topic-deletion';

/** One topic deletion; `runId` names its batch commands (`delete-topic:<runId>:<batchNo>`). */
export const TopicDeletionJob = z.object({
  channelId: z.number().int().positive(),
  topic: z.string(),
  actorId: z.number().int().positive(),
  runId: z.string(),
});
export type TopicDeletionJob = z.infer<typeof TopicDeletionJob>;

/**
 * One job per channel and topic (case-insensitively): a request made while a deletion of the
 * same topic runs joins it. Hashed, as BullMQ job ids may not hold `:` and topics may.
 */
export const topicDeletionJobId = (channelId: number, topic: string): string =>
  `delete-topic-${channelId}-${createHash('sha256').update(topic.toLowerCase()).digest('hex').slice(0, 32)}`;
