import { z } from 'zod';

/**
 * Not REST operations: the uploads service sends them to itself for the messages events that
 * change which messages claim uploads (command id `claims:<eventId>`, so reading an event again
 * changes nothing), keyed `realm` like every attachment decision.
 */

/** A message was sent or its content edited: `pathIds` is everything it claims now. */
export const SYNC_MESSAGE_CLAIMS = 'attachment.sync_message_claims';
export const SyncMessageClaims = z.object({
  messageId: z.number().int().positive(),
  /** When the message was sent (ISO 8601); an edit's event does not say, the first claim did. */
  dateSent: z.string().optional(),
  pathIds: z.array(z.string()),
});
export type SyncMessageClaims = z.infer<typeof SyncMessageClaims>;

/** Messages were deleted: their claims go, and an upload left claimed by none goes with them. */
export const FORGET_DELETED_MESSAGES = 'attachment.forget_deleted_messages';
export const ForgetDeletedMessages = z.object({ messageIds: z.array(z.number().int().positive()) });
export type ForgetDeletedMessages = z.infer<typeof ForgetDeletedMessages>;
