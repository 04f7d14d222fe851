import { z } from 'zod';

/**
 * Internal command of the messages service, sent by its scheduled-delivery worker when a
 * scheduled message or reminder is due, keyed `realm`, with a command id made of the scheduled
 * message's id and `deliverAt`: it is decided once per time the message was scheduled for. It
 * sends the message (or records its failure) only if the message is still undelivered and still
 * scheduled for `deliverAt` (an edit or deletion since makes it a no-op).
 */
export const DELIVER_SCHEDULED_MESSAGE = 'scheduled_message.deliver';
export const DeliverScheduledMessage = z.object({
  scheduledMessageId: z.number().int().positive(),
  /** Unix seconds. */
  deliverAt: z.number().int(),
});
export type DeliverScheduledMessage = z.infer<typeof DeliverScheduledMessage>;
