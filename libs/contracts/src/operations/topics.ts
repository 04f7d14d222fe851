import { z } from 'zod';
import { MAX_TOPIC_INPUT_LENGTH } from '../limits';
import { Role } from '../roles';
import { defineOperation } from './operation';

/**
 * POST /streams/{stream_id}/delete_topic → `{complete}`. Administrators only. A `query` on the
 * wire although it deletes: the request itself decides nothing, it starts (or joins) a background
 * job whose batches are `topic.delete_batch` commands keyed `realm`, and waits a bounded time for
 * it. As a query it runs beside the `realm` commands instead of holding their partition while
 * they delete (see services/messages/src/messages/delete-topic/README.md). `topic_name` is taken
 * raw ("general chat" names the empty topic).
 */
export const deleteTopic = defineOperation({
  type: 'topic.delete',
  method: 'POST',
  path: '/streams/{stream_id}/delete_topic',
  service: 'messages',
  kind: 'query',
  auth: 'user',
  minRole: Role.ADMINISTRATOR,
  params: z.object({ stream_id: z.int(), topic_name: z.string().max(MAX_TOPIC_INPUT_LENGTH) }),
  reply: z.strictObject({ complete: z.boolean() }),
  key: 'realm',
});

/**
 * GET /users/me/{stream_id}/topics → `{topics: [{max_id, name}]}`, the most recent first, at
 * most MAX_TOPICS_PER_REPLY of them. A channel with protected history shows the caller only the
 * topics of messages they received. Without `allow_empty_topic_name`, the empty topic is named
 * "general chat".
 */
export const getStreamTopics = defineOperation({
  type: 'topic.list',
  method: 'GET',
  path: '/users/me/{stream_id}/topics',
  service: 'messages',
  kind: 'query',
  auth: 'user',
  params: z.object({ stream_id: z.int(), allow_empty_topic_name: z.boolean().default(false) }),
  reply: z.strictObject({ topics: z.array(z.strictObject({ max_id: z.int(), name: z.string() })) }),
  key: 'actor',
});
