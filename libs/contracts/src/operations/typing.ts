import { z } from 'zod';
import { MAX_IDS_PER_REQUEST, MAX_TOPIC_INPUT_LENGTH } from '../limits';
import { EmptyReply } from './replies';
import { defineOperation } from './operation';

/**
 * POST /typing: the caller started or stopped composing a direct message (`to`: the other
 * participants' ids) or a channel message (`stream_id` and `topic`). Nothing is recorded: the
 * messages service tells the recipients' event queues at once.
 */
export const setTypingStatus = defineOperation({
  type: 'typing.set',
  method: 'POST',
  path: '/typing',
  service: 'messages',
  kind: 'query',
  auth: 'user',
  params: z.object({
    type: z.enum(['direct', 'stream', 'channel']).default('direct'),
    op: z.enum(['start', 'stop']),
    to: z.array(z.number().int()).max(MAX_IDS_PER_REQUEST).optional(),
    stream_id: z.number().int().optional(),
    topic: z.string().max(MAX_TOPIC_INPUT_LENGTH).optional(),
  }),
  reply: EmptyReply,
  key: 'actor',
});

/**
 * POST /messages/{message_id}/typing: the caller started or stopped editing a message's content.
 * Told, as `typing_edit_message`, to those who would be sent the edit.
 */
export const setMessageEditTypingStatus = defineOperation({
  type: 'typing.edit_message',
  method: 'POST',
  path: '/messages/{message_id}/typing',
  service: 'messages',
  kind: 'query',
  auth: 'user',
  params: z.object({
    message_id: z.int(),
    op: z.enum(['start', 'stop']),
  }),
  reply: EmptyReply,
  key: 'actor',
});
