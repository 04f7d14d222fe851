import { z } from 'zod';

/** Zulip's `Draft` as it answers it (always with `id` and `timestamp`). */
export const DraftReply = z.strictObject({
  id: z.int(),
  type: z.enum(['', 'stream', 'private']),
  to: z.array(z.int()),
  topic: z.string(),
  content: z.string(),
  timestamp: z.int(),
});

/** Zulip's `ScheduledMessage`: `topic` only for channel messages. */
export const ScheduledMessageReply = z.strictObject({
  scheduled_message_id: z.int(),
  type: z.enum(['stream', 'private']),
  to: z.union([z.int(), z.array(z.int())]),
  topic: z.string().optional(),
  content: z.string(),
  rendered_content: z.string(),
  scheduled_delivery_timestamp: z.int(),
  failed: z.boolean(),
});

/** Zulip's `Reminder`. */
export const ReminderReply = z.strictObject({
  reminder_id: z.int(),
  type: z.literal('private'),
  to: z.array(z.int()),
  content: z.string(),
  rendered_content: z.string(),
  scheduled_delivery_timestamp: z.int(),
  failed: z.boolean(),
  reminder_target_message_id: z.int(),
});

/** Zulip's `SavedSnippet`. */
export const SavedSnippetReply = z.strictObject({ id: z.int(), title: z.string(), content: z.string(), date_created: z.int() });

/** Zulip's `NavigationView`. */
export const NavigationViewReply = z.strictObject({ fragment: z.string(), is_pinned: z.boolean(), name: z.string().nullable().optional() });

export type DraftReply = z.output<typeof DraftReply>;
export type ScheduledMessageReply = z.output<typeof ScheduledMessageReply>;
export type ReminderReply = z.output<typeof ReminderReply>;
export type SavedSnippetReply = z.output<typeof SavedSnippetReply>;
export type NavigationViewReply = z.output<typeof NavigationViewReply>;
