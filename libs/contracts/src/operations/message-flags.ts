import { z } from 'zod';
import { MAX_IDENTIFIER_LENGTH, MAX_IDS_PER_REQUEST, MAX_NARROW_TERMS, MAX_TOPIC_INPUT_LENGTH } from '../limits';
import { NarrowTerm } from './messages';
import { EmptyReply } from './replies';
import { defineOperation } from './operation';

/**
 * Keys: a user's flags are their own data (`actor`, aggregate `flags:<userId>`): one user's flag
 * changes are decided one at a time, different users' side by side. Sending a message writes
 * nothing per recipient; see services/messages/src/flags.
 *
 * `op` and `flag` are taken as strings so that an unknown value gets Zulip's own message
 * (`Invalid message flag operation: '…'`, `Invalid flag: '…'`, `Flag not editable: '…'`).
 */
const FlagChange = {
  op: z.string().max(MAX_IDENTIFIER_LENGTH),
  flag: z.string().max(MAX_IDENTIFIER_LENGTH),
};

/** POST /messages/flags → `{messages}` (the ids given, as Zulip answers them). */
export const updateMessageFlags = defineOperation({
  type: 'message_flags.update',
  method: 'POST',
  path: '/messages/flags',
  service: 'messages',
  kind: 'command',
  auth: 'user',
  params: z.object({ messages: z.array(z.int()).max(MAX_IDS_PER_REQUEST), ...FlagChange }),
  reply: z.strictObject({ messages: z.array(z.int()), ignored_because_not_subscribed_channels: z.array(z.int()).optional() }),
  key: 'actor',
});

/**
 * Zulip's `MAX_MESSAGES_PER_UPDATE`: `num_before` and `num_after` are clamped so that one
 * request changes at most this many messages.
 */
export const MAX_MESSAGES_PER_FLAGS_UPDATE = 5000;

/**
 * POST /messages/flags/narrow → `{processed_count, updated_count, first_processed_id,
 * last_processed_id, found_oldest, found_newest}`: the flag on a window of a narrow.
 */
export const updateMessageFlagsForNarrow = defineOperation({
  type: 'message_flags.update_for_narrow',
  method: 'POST',
  path: '/messages/flags/narrow',
  service: 'messages',
  kind: 'command',
  auth: 'user',
  params: z.object({
    anchor: z.string().max(MAX_IDENTIFIER_LENGTH),
    include_anchor: z.boolean().default(true),
    num_before: z.int().min(0),
    num_after: z.int().min(0),
    narrow: z.array(NarrowTerm).max(MAX_NARROW_TERMS).nullable().default([]),
    ...FlagChange,
  }),
  reply: z.strictObject({
    processed_count: z.int(),
    updated_count: z.int(),
    first_processed_id: z.int().nullable(),
    last_processed_id: z.int().nullable(),
    found_oldest: z.boolean(),
    found_newest: z.boolean(),
    ignored_because_not_subscribed_channels: z.array(z.int()).optional(),
  }),
  key: 'actor',
});

/** POST /mark_all_as_read → `{complete: true}` (deprecated in Zulip, still used). */
export const markAllAsRead = defineOperation({
  type: 'message_flags.mark_all_read',
  method: 'POST',
  path: '/mark_all_as_read',
  service: 'messages',
  kind: 'command',
  auth: 'user',
  params: z.object({}),
  reply: z.strictObject({ complete: z.boolean() }),
  key: 'actor',
});

/** POST /mark_stream_as_read: every message of a channel read. */
export const markStreamAsRead = defineOperation({
  type: 'message_flags.mark_channel_read',
  method: 'POST',
  path: '/mark_stream_as_read',
  service: 'messages',
  kind: 'command',
  auth: 'user',
  params: z.object({ stream_id: z.int() }),
  reply: EmptyReply,
  key: 'actor',
});

/** POST /mark_topic_as_read: every message of a topic read (`topic_name` raw, "" the general chat). */
export const markTopicAsRead = defineOperation({
  type: 'message_flags.mark_topic_read',
  method: 'POST',
  path: '/mark_topic_as_read',
  service: 'messages',
  kind: 'command',
  auth: 'user',
  params: z.object({ stream_id: z.int(), topic_name: z.string().max(MAX_TOPIC_INPUT_LENGTH) }),
  reply: EmptyReply,
  key: 'actor',
});
