import { z } from 'zod';
import { NotifiedMessage, PushRecipient } from '../notification';

/**
 * These users' devices are to be notified of a message, each for its trigger (aggregate
 * `push_notification:<messageId>`). Decided from the message and each recipient's settings at
 * the time it was sent; a notification job per recipient then pushes it through the bouncer.
 */
export const PushNotificationRequestedV1 = z.object({
  type: z.literal('push_notification.requested.v1'),
  data: NotifiedMessage.extend({ recipients: z.array(PushRecipient).min(1) }),
});
export type PushNotificationRequestedV1 = z.infer<typeof PushNotificationRequestedV1>;
