import { z } from 'zod';
import { MessageConversation } from '../messages/message-recipient';
import { UserId } from '../users/user-fields';

/**
 * Why a user is notified of a message (Zulip's `NotificationTriggers`): a direct message, a
 * mention of them, a wildcard mention of the topic's participants or of the whole channel (in a
 * topic they follow, or anywhere), a followed topic, or a channel whose pushes they turned on.
 */
export const PushTrigger = z.enum([
  'private_message',
  'mentioned',
  'topic_wildcard_mentioned_in_followed_topic',
  'stream_wildcard_mentioned_in_followed_topic',
  'topic_wildcard_mentioned',
  'stream_wildcard_mentioned',
  'followed_topic_push_notify',
  'stream_push_notify',
]);
export type PushTrigger = z.infer<typeof PushTrigger>;

/** Zulip truncates a pushed message's text to 200 characters (`truncate_content`). */
export const PUSH_CONTENT_MAX = 200;

/** What a notification of a message says of it: its text as pushed, already truncated. */
export const NotifiedMessage = z.object({
  messageId: z.number().int().positive(),
  senderId: UserId,
  conversation: MessageConversation,
  sentAt: z.iso.datetime(),
  /** The message as plain text (Zulip's `get_mobile_push_content`), at most PUSH_CONTENT_MAX characters. */
  content: z.string(),
  contentTruncated: z.boolean(),
});
export type NotifiedMessage = z.infer<typeof NotifiedMessage>;

export const PushRecipient = z.object({ userId: UserId, trigger: PushTrigger });
export type PushRecipient = z.infer<typeof PushRecipient>;
