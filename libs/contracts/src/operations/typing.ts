import { z } from 'zod';
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
    to: z.array(z.number().int()).optional(),
    stream_id: z.number().int().optional(),
    topic: z.string().optional(),
  }),
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
  key: 'actor',
});
