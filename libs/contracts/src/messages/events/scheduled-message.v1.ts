import { z } from 'zod';
import { UserId } from '../../users/user-fields';
import { MessageConversation } from '../message-recipient';

/**
 * A scheduled message (Zulip's `ScheduledMessage`): `send_later` ones are the sender's own
 * message sent at `deliverAt`; `reminder` ones are the Notification Bot's direct message to the
 * sender about `reminderTargetMessageId`, with `content` the reminder's text as written when it
 * was scheduled.
 */
export const ScheduledMessage = z.object({
  scheduledMessageId: z.number().int().positive(),
  senderId: UserId,
  kind: z.enum(['send_later', 'reminder']),
  /** As `message.sent.v1` names it (a direct message's participants include the sender). */
  conversation: MessageConversation,
  content: z.string(),
  renderedContent: z.string(),
  /** Unix seconds. */
  deliverAt: z.number().int(),
  readBySender: z.boolean(),
  client: z.string(),
  /** The message last failed to send (Zulip's `failed`), with Zulip's reason. */
  failed: z.boolean(),
  failureMessage: z.string().optional(),
  reminderTargetMessageId: z.number().int().positive().optional(),
  reminderNote: z.string().optional(),
});
export type ScheduledMessage = z.infer<typeof ScheduledMessage>;

/** A message was scheduled (POST /scheduled_messages) or a reminder set (POST /reminders). Aggregate `scheduled_message:<id>`. */
export const ScheduledMessageCreatedV1 = z.object({ type: z.literal('scheduled_message.created.v1'), data: ScheduledMessage });
export type ScheduledMessageCreatedV1 = z.infer<typeof ScheduledMessageCreatedV1>;

/** A scheduled message as it is after its sender changed it (PATCH /scheduled_messages/{id}); an edit clears a failure. */
export const ScheduledMessageEditedV1 = z.object({ type: z.literal('scheduled_message.edited.v1'), data: ScheduledMessage });
export type ScheduledMessageEditedV1 = z.infer<typeof ScheduledMessageEditedV1>;

const Ended = z.object({ scheduledMessageId: z.number().int().positive(), senderId: UserId, kind: z.enum(['send_later', 'reminder']) });

/** Deleted by its sender (DELETE /scheduled_messages/{id}, DELETE /reminders/{id}). */
export const ScheduledMessageDeletedV1 = z.object({ type: z.literal('scheduled_message.deleted.v1'), data: Ended });
export type ScheduledMessageDeletedV1 = z.infer<typeof ScheduledMessageDeletedV1>;

/** Sent at its time: `messageId` is the message sent (its `message.sent.v1` is in the same command). */
export const ScheduledMessageDeliveredV1 = z.object({
  type: z.literal('scheduled_message.delivered.v1'),
  data: Ended.extend({ messageId: z.number().int().positive() }),
});
export type ScheduledMessageDeliveredV1 = z.infer<typeof ScheduledMessageDeliveredV1>;

/** Could not be sent at its time: the message as it is now, `failed` with Zulip's reason. */
export const ScheduledMessageFailedV1 = z.object({ type: z.literal('scheduled_message.failed.v1'), data: ScheduledMessage });
export type ScheduledMessageFailedV1 = z.infer<typeof ScheduledMessageFailedV1>;
