import { z } from 'zod';
import {
  MAX_IDENTIFIER_LENGTH,
  MAX_IDS_PER_REQUEST,
  MAX_MESSAGE_INPUT_LENGTH,
  MAX_NARROW_OPERAND_LENGTH,
  MAX_NARROW_TERMS,
  MAX_REPORT_DESCRIPTION_LENGTH,
  MAX_SUBMESSAGE_CONTENT_LENGTH,
  MAX_TOPIC_INPUT_LENGTH,
} from '../limits';
import { AttachmentReply, EmptyReply, MessageHistoryEntry, MessageReply } from './replies';
import { defineOperation } from './operation';

/**
 * Keys: sending and deleting messages are keyed `realm` on the messages service, like the channel
 * commands: one decider at a time, so message ids come from one counter in the projection and
 * stay unique and increasing across restarts, and a message is decided on the channel and
 * subscription state that precedes it in the same partition. Reads are queries keyed `actor`.
 */

const MessageId = z.int();

/** One narrow term: `{operator, operand, negated?}` or the legacy `[operator, operand]` pair. */
const Operator = z.string().max(MAX_IDENTIFIER_LENGTH);
const Operand = z.union([z.string().max(MAX_NARROW_OPERAND_LENGTH), z.int(), z.array(z.int()).max(MAX_IDS_PER_REQUEST)]);
export const NarrowTerm = z.union([
  z.object({ operator: Operator, operand: Operand, negated: z.boolean().optional() }),
  z.tuple([Operator, Operand]),
]);
export type NarrowTerm = z.infer<typeof NarrowTerm>;

/** Cut to Zulip's limits by the service, as Zulip cuts them (see TEXT_INPUT_FACTOR). */
const Content = z.string().max(MAX_MESSAGE_INPUT_LENGTH);
const Topic = z.string().max(MAX_TOPIC_INPUT_LENGTH);
/** A channel name, or the ids or emails of a direct message's recipients. */
const MAX_RECIPIENTS_INPUT_LENGTH = 100_000;

/**
 * POST /messages → `{id}`. `to` is taken raw and read as Zulip's `extract_recipients` /
 * `extract_stream_indicator` read it: a JSON list or value, else a channel name or a
 * comma-separated list of emails. `subject` is the legacy name of `topic`.
 */
export const sendMessage = defineOperation({
  type: 'message.send',
  method: 'POST',
  path: '/messages',
  service: 'messages',
  kind: 'command',
  auth: 'user',
  params: z.object({
    type: z.enum(['direct', 'private', 'stream', 'channel']),
    to: z.string().max(MAX_RECIPIENTS_INPUT_LENGTH),
    content: Content,
    topic: Topic.optional(),
    subject: Topic.optional(),
    queue_id: z.string().max(MAX_IDENTIFIER_LENGTH).optional(),
    local_id: z.string().max(MAX_IDENTIFIER_LENGTH).optional(),
    read_by_sender: z.boolean().optional(),
  }),
  reply: z.strictObject({ id: z.int(), automatic_new_visibility_policy: z.int().optional() }),
  key: 'realm',
});

/** GET /messages: a window of messages around an anchor in a narrow. */
export const getMessages = defineOperation({
  type: 'message.list',
  method: 'GET',
  path: '/messages',
  service: 'messages',
  kind: 'query',
  auth: 'user',
  params: z.object({
    /** `newest`, `oldest`, `first_unread` or a message id, taken raw (Zulip's `parse_anchor_value`). */
    anchor: z.string().max(MAX_IDENTIFIER_LENGTH).optional(),
    include_anchor: z.boolean().default(true),
    num_before: z.int().min(0).optional(),
    num_after: z.int().min(0).optional(),
    narrow: z.array(NarrowTerm).max(MAX_NARROW_TERMS).default([]),
    client_gravatar: z.boolean().default(true),
    apply_markdown: z.boolean().default(true),
    use_first_unread_anchor: z.boolean().default(false),
    message_ids: z.array(z.int()).max(MAX_IDS_PER_REQUEST).optional(),
    allow_empty_topic_name: z.boolean().default(false),
  }),
  reply: z.strictObject({
    // "newest" answers Zulip's LARGER_THAN_MAX_MESSAGE_ID, 10^16, beyond JavaScript's safe integers.
    anchor: z.number().optional(),
    found_newest: z.boolean(),
    found_oldest: z.boolean(),
    found_anchor: z.boolean(),
    history_limited: z.boolean(),
    messages: z.array(MessageReply),
  }),
  key: 'actor',
});

/** GET /messages/{message_id} → `{message, raw_content}`. */
export const getMessage = defineOperation({
  type: 'message.get',
  method: 'GET',
  path: '/messages/{message_id}',
  service: 'messages',
  kind: 'query',
  auth: 'user',
  params: z.object({
    message_id: MessageId,
    apply_markdown: z.boolean().default(true),
    allow_empty_topic_name: z.boolean().default(false),
  }),
  reply: z.strictObject({ raw_content: z.string().optional(), message: MessageReply }),
  key: 'actor',
});

/** DELETE /messages/{message_id}: delete one message, as Zulip's deletion policies allow. */
export const deleteMessage = defineOperation({
  type: 'message.delete',
  method: 'DELETE',
  path: '/messages/{message_id}',
  service: 'messages',
  kind: 'command',
  auth: 'user',
  params: z.object({ message_id: MessageId }),
  reply: EmptyReply,
  key: 'realm',
});

/** Zulip's `propagate_mode` of a message move. */
export const PROPAGATE_MODES = ['change_one', 'change_later', 'change_all'] as const;
export type PropagateMode = (typeof PROPAGATE_MODES)[number];

/**
 * PATCH /messages/{message_id} → `{detached_uploads}`: edit a message's content, move it (and
 * others of its topic, per `propagate_mode`) to another topic or channel, resolve or unresolve its
 * topic. `subject` is the legacy name of `topic`. `propagate_mode` is taken as a string so an
 * unknown value gets Zulip's own message (`Invalid propagate_mode`).
 */
export const updateMessage = defineOperation({
  type: 'message.update',
  method: 'PATCH',
  path: '/messages/{message_id}',
  service: 'messages',
  kind: 'command',
  auth: 'user',
  params: z.object({
    message_id: MessageId,
    content: Content.optional(),
    topic: Topic.optional(),
    subject: Topic.optional(),
    stream_id: z.int().min(0).optional(),
    propagate_mode: z.string().max(MAX_IDENTIFIER_LENGTH).default('change_one'),
    send_notification_to_old_thread: z.boolean().default(false),
    send_notification_to_new_thread: z.boolean().default(true),
    prev_content_sha256: z.string().max(MAX_IDENTIFIER_LENGTH).optional(),
  }),
  reply: z.strictObject({ detached_uploads: z.array(AttachmentReply) }),
  key: 'realm',
});

/** POST /messages/render → `{rendered}`: the HTML the content would have as the caller's message, nothing sent. */
export const renderMessage = defineOperation({
  type: 'message.render',
  method: 'POST',
  path: '/messages/render',
  service: 'messages',
  kind: 'query',
  auth: 'user',
  params: z.object({ content: Content }),
  reply: z.strictObject({ rendered: z.string() }),
  key: 'actor',
});

/** GET /messages/{message_id}/history → `{message_history}`: its snapshots, oldest first. */
export const getMessageHistory = defineOperation({
  type: 'message.history',
  method: 'GET',
  path: '/messages/{message_id}/history',
  service: 'messages',
  kind: 'query',
  auth: 'user',
  params: z.object({ message_id: MessageId, allow_empty_topic_name: z.boolean().default(false) }),
  reply: z.strictObject({ message_history: z.array(MessageHistoryEntry) }),
  key: 'actor',
});

/** GET /messages/{message_id}/read_receipts → `{user_ids}`: who has read it and shares that. */
export const getReadReceipts = defineOperation({
  type: 'message.read_receipts',
  method: 'GET',
  path: '/messages/{message_id}/read_receipts',
  service: 'messages',
  kind: 'query',
  auth: 'user',
  params: z.object({ message_id: MessageId }),
  reply: z.strictObject({ user_ids: z.array(z.int()) }),
  key: 'actor',
});

/** GET /messages/matches_narrow → `{messages}`: which of `msg_ids` the caller received match the narrow. */
export const checkMessagesMatchNarrow = defineOperation({
  type: 'message.matches_narrow',
  method: 'GET',
  path: '/messages/matches_narrow',
  service: 'messages',
  kind: 'query',
  auth: 'user',
  params: z.object({ msg_ids: z.array(z.int()).max(MAX_IDS_PER_REQUEST), narrow: z.array(NarrowTerm).max(MAX_NARROW_TERMS) }),
  reply: z.strictObject({ messages: z.record(z.string(), z.strictObject({ match_content: z.string(), match_subject: z.string() })) }),
  key: 'actor',
});

/** Zulip's `Realm.REPORT_MESSAGE_REASONS`, with the words its reports show. */
export const REPORT_TYPES = {
  spam: 'Spam',
  harassment: 'Harassment',
  inappropriate: 'Inappropriate content',
  norms: 'Violates community norms',
  other: 'Other reason',
} as const;

/**
 * POST /messages/{message_id}/report: the notification bot posts the report to the organization's
 * moderation request channel. `report_type` is taken as a string so an unknown one gets Zulip's
 * own message.
 */
export const reportMessage = defineOperation({
  type: 'message.report',
  method: 'POST',
  path: '/messages/{message_id}/report',
  service: 'messages',
  kind: 'command',
  auth: 'user',
  params: z.object({
    message_id: MessageId,
    report_type: z.string().max(MAX_IDENTIFIER_LENGTH),
    description: z.string().max(MAX_REPORT_DESCRIPTION_LENGTH).default(''),
  }),
  reply: EmptyReply,
  key: 'realm',
});

/**
 * POST /submessage: attach a submessage (a poll vote, a to-do task) to a message the caller may
 * read. Not in Zulip's API document; Zulip documents the protocol with its widgets, and its
 * clients send `message_id` JSON-encoded and `content` as JSON text.
 */
export const sendSubmessage = defineOperation({
  type: 'message.submessage',
  method: 'POST',
  path: '/submessage',
  service: 'messages',
  kind: 'command',
  auth: 'user',
  params: z.object({
    message_id: MessageId,
    msg_type: z.string().max(MAX_IDENTIFIER_LENGTH),
    content: z.string().max(MAX_SUBMESSAGE_CONTENT_LENGTH),
  }),
  reply: EmptyReply,
  key: 'realm',
});
