import { z } from 'zod';

const ReactionType = z.enum(['unicode_emoji', 'realm_emoji', 'zulip_extra_emoji']);

/** Zulip's `EmojiReaction`. */
export const ReactionReply = z.strictObject({
  emoji_name: z.string(),
  emoji_code: z.string(),
  reaction_type: ReactionType,
  user_id: z.int(),
});

/** One entry of a message's `edit_history`, newest first: the `prev_*` fields only for what changed. */
export const EditHistoryEntry = z.strictObject({
  prev_content: z.string().optional(),
  prev_rendered_content: z.string().optional(),
  prev_stream: z.int().optional(),
  prev_topic: z.string().optional(),
  stream: z.int().optional(),
  topic: z.string().optional(),
  timestamp: z.int(),
  user_id: z.int().nullable(),
});

/** A recipient of a direct message, as `display_recipient` lists them. */
const DirectRecipient = z.strictObject({ id: z.int(), email: z.string(), full_name: z.string(), is_mirror_dummy: z.boolean() });

/**
 * Zulip's message (`MessagesBase` with `flags`): `stream_id` only for channel messages,
 * `edit_history`, `last_edit_timestamp` and `last_moved_timestamp` only once edited or moved,
 * `match_content` and `match_subject` only for a search narrow.
 */
export const MessageReply = z.strictObject({
  id: z.int(),
  type: z.enum(['stream', 'private']),
  avatar_url: z.string().nullable(),
  client: z.string(),
  content: z.string(),
  content_type: z.enum(['text/html', 'text/x-markdown']),
  display_recipient: z.union([z.string(), z.array(DirectRecipient)]),
  edit_history: z.array(EditHistoryEntry).optional(),
  is_me_message: z.boolean(),
  last_edit_timestamp: z.int().optional(),
  last_moved_timestamp: z.int().optional(),
  reactions: z.array(ReactionReply),
  recipient_id: z.int(),
  sender_email: z.string(),
  sender_full_name: z.string(),
  sender_id: z.int(),
  sender_realm_str: z.string(),
  stream_id: z.int().optional(),
  subject: z.string(),
  submessages: z.array(z.strictObject({ id: z.int(), message_id: z.int(), sender_id: z.int(), msg_type: z.string(), content: z.string() })),
  timestamp: z.int(),
  topic_links: z.array(z.strictObject({ text: z.string(), url: z.string() })),
  flags: z.array(z.string()),
  match_content: z.string().optional(),
  match_subject: z.string().optional(),
});

/** One entry of `GET /messages/{id}/history`, oldest first: the `prev_*` fields only for what changed. */
export const MessageHistoryEntry = z.strictObject({
  topic: z.string(),
  prev_topic: z.string().optional(),
  // Both only where the edit moved the message to another channel.
  stream: z.int().optional(),
  prev_stream: z.int().optional(),
  content: z.string(),
  rendered_content: z.string(),
  prev_content: z.string().optional(),
  prev_rendered_content: z.string().optional(),
  content_html_diff: z.string().optional(),
  user_id: z.int().nullable(),
  timestamp: z.int(),
});

/** Zulip's `Attachment`: an uploaded file and the messages that reference it. */
export const AttachmentReply = z.strictObject({
  id: z.int(),
  name: z.string(),
  path_id: z.string(),
  size: z.int(),
  create_time: z.int(),
  messages: z.array(z.strictObject({ id: z.int(), date_sent: z.int() })),
});

export type ReactionReply = z.output<typeof ReactionReply>;
export type MessageReply = z.output<typeof MessageReply>;
export type AttachmentReply = z.output<typeof AttachmentReply>;
