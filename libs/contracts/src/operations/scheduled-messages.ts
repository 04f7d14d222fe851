import { z } from 'zod';
import {
  MAX_IDENTIFIER_LENGTH,
  MAX_IDS_PER_REQUEST,
  MAX_MESSAGE_INPUT_LENGTH,
  MAX_REMINDER_NOTE_LENGTH,
  MAX_TOPIC_INPUT_LENGTH,
} from '../limits';
import { EmptyReply, ReminderReply, ScheduledMessageReply, idReply } from './replies';
import { defineOperation } from './operation';

/**
 * Keys: scheduling is checked as sending is (the channel, the recipients, the permissions), so it
 * is decided on key `realm` with the messages; so is every change of a scheduled message, which
 * the delivery decides against.
 */

/** A channel id, or a list of user ids (Zulip's `Json[int | list[int]]`). */
const To = z.union([z.int(), z.array(z.int()).max(MAX_IDS_PER_REQUEST)]);
/** Zulip's `Message.API_RECIPIENT_TYPES`, taken as a string so an unknown one gets Zulip's own message. */
const RecipientType = z.string().max(MAX_IDENTIFIER_LENGTH);
const Content = z.string().max(MAX_MESSAGE_INPUT_LENGTH);
const Topic = z.string().max(MAX_TOPIC_INPUT_LENGTH);

/** POST /scheduled_messages → `{scheduled_message_id}`. */
export const createScheduledMessage = defineOperation({
  type: 'scheduled_message.create',
  method: 'POST',
  path: '/scheduled_messages',
  service: 'messages',
  kind: 'command',
  auth: 'user',
  params: z.object({
    type: RecipientType,
    to: To,
    content: Content,
    topic: Topic.optional(),
    scheduled_delivery_timestamp: z.int(),
    read_by_sender: z.boolean().optional(),
  }),
  reply: idReply('scheduled_message_id'),
  key: 'realm',
});

/** GET /scheduled_messages → `{scheduled_messages}`: the caller's undelivered ones, by delivery time. */
export const getScheduledMessages = defineOperation({
  type: 'scheduled_message.list',
  method: 'GET',
  path: '/scheduled_messages',
  service: 'messages',
  kind: 'query',
  auth: 'user',
  params: z.object({}),
  reply: z.strictObject({ scheduled_messages: z.array(ScheduledMessageReply) }),
  key: 'actor',
});

/** PATCH /scheduled_messages/{scheduled_message_id}. */
export const updateScheduledMessage = defineOperation({
  type: 'scheduled_message.update',
  method: 'PATCH',
  path: '/scheduled_messages/{scheduled_message_id}',
  service: 'messages',
  kind: 'command',
  auth: 'user',
  params: z.object({
    scheduled_message_id: z.int(),
    type: RecipientType.optional(),
    to: To.optional(),
    content: Content.optional(),
    topic: Topic.optional(),
    scheduled_delivery_timestamp: z.int().optional(),
  }),
  reply: EmptyReply,
  key: 'realm',
});

/** DELETE /scheduled_messages/{scheduled_message_id}. */
export const deleteScheduledMessage = defineOperation({
  type: 'scheduled_message.delete',
  method: 'DELETE',
  path: '/scheduled_messages/{scheduled_message_id}',
  service: 'messages',
  kind: 'command',
  auth: 'user',
  params: z.object({ scheduled_message_id: z.int() }),
  reply: EmptyReply,
  key: 'realm',
});

/** POST /reminders → `{reminder_id}`: the Notification Bot reminds the caller of a message. */
export const createReminder = defineOperation({
  type: 'reminder.create',
  method: 'POST',
  path: '/reminders',
  service: 'messages',
  kind: 'command',
  auth: 'user',
  params: z.object({
    message_id: z.int(),
    scheduled_delivery_timestamp: z.int(),
    note: z
      .string()
      .max(MAX_REMINDER_NOTE_LENGTH * 4)
      .optional(),
  }),
  reply: idReply('reminder_id'),
  key: 'realm',
});

/** GET /reminders → `{reminders}`. */
export const getReminders = defineOperation({
  type: 'reminder.list',
  method: 'GET',
  path: '/reminders',
  service: 'messages',
  kind: 'query',
  auth: 'user',
  params: z.object({}),
  reply: z.strictObject({ reminders: z.array(ReminderReply) }),
  key: 'actor',
});

/** DELETE /reminders/{reminder_id}. */
export const deleteReminder = defineOperation({
  type: 'reminder.delete',
  method: 'DELETE',
  path: '/reminders/{reminder_id}',
  service: 'messages',
  kind: 'command',
  auth: 'user',
  params: z.object({ reminder_id: z.int() }),
  reply: EmptyReply,
  key: 'realm',
});
