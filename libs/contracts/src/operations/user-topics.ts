import { z } from 'zod';
import { MAX_STREAM_NAME_INPUT_LENGTH, MAX_TOPIC_LENGTH } from '../limits';
import { EmptyReply } from './replies';
import { defineOperation } from './operation';

/**
 * Keys: a user's topic visibility policies are their own data (`actor`, aggregate
 * `user_topics:<userId>`): one user's changes are decided one at a time, different users' side by
 * side. Topic moves (keyed `realm`) carry policies along through the projection.
 */

/**
 * Zulip's `StringConstraints(max_length=MAX_TOPIC_NAME_LENGTH)`: not stripped, and counted in code
 * points (Python's `len`), so an emoji counts once. Longer topics are refused, not truncated.
 */
const TOPIC_TOO_LONG = { message: `topic is too long (limit: ${MAX_TOPIC_LENGTH} characters)` };
// A code point is at most two UTF-16 units: the first check only spares the second a huge text.
const Topic = z
  .string()
  .max(MAX_TOPIC_LENGTH * 2, TOPIC_TOO_LONG)
  .refine((topic) => [...topic].length <= MAX_TOPIC_LENGTH, TOPIC_TOO_LONG);

/** Zulip's `check_int_in_validator(UserTopic.VisibilityPolicy.values)`. */
const VisibilityPolicyParam = z.int().refine((policy) => [0, 1, 2, 3].includes(policy), {
  message: 'Invalid visibility_policy: Value error, Not in the list of possible values',
});

/**
 * POST /user_topics (E3): set the caller's visibility policy for a topic of a channel
 * (0 none, 1 muted, 2 unmuted, 3 followed). Setting the policy a topic already has changes nothing.
 */
export const updateUserTopic = defineOperation({
  type: 'user_topic.update',
  method: 'POST',
  path: '/user_topics',
  service: 'messages',
  kind: 'command',
  auth: 'user',
  params: z.object({ stream_id: z.int(), topic: Topic, visibility_policy: VisibilityPolicyParam }),
  reply: EmptyReply,
  key: 'actor',
});

/**
 * PATCH /users/me/subscriptions/muted_topics (E4, deprecated since feature level 170): mute
 * (`add`) or unmute (`remove`) a topic, naming the channel by exactly one of `stream_id` and
 * `stream` (its name). Repeats are no errors since feature level 169.
 */
export const updateMutedTopic = defineOperation({
  type: 'user_topic.update_muted',
  method: 'PATCH',
  path: '/users/me/subscriptions/muted_topics',
  service: 'messages',
  kind: 'command',
  auth: 'user',
  params: z.object({
    op: z.enum(['add', 'remove']),
    topic: Topic,
    stream: z.string().max(MAX_STREAM_NAME_INPUT_LENGTH).optional(),
    stream_id: z.int().optional(),
  }),
  reply: EmptyReply,
  key: 'actor',
});
