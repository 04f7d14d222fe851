import { z } from 'zod';

/**
 * Not a REST operation: the messages service's topic-deletion worker sends it to itself, keyed
 * `realm`, once per batch. It deletes the newest (at most `TOPIC_DELETE_BATCH_SIZE`) messages of
 * the topic that the administrator `actorId` may access, as the projection holds them when the
 * command is decided; the reply `{deleted}` counts them (0: nothing left).
 */
export const DELETE_TOPIC_BATCH = 'topic.delete_batch';
export const TOPIC_DELETE_BATCH_SIZE = 100;
export const DeleteTopicBatch = z.object({
  channelId: z.number().int().positive(),
  /** The topic as stored ("" for the empty topic), matched case-insensitively. */
  topic: z.string(),
});
export type DeleteTopicBatch = z.infer<typeof DeleteTopicBatch>;
