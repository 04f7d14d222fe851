import { z } from 'zod';
import { MessageConversation } from '../../messages/message-recipient';
import { UserId } from '../../users/user-fields';

/**
 * Not a REST operation: a sent message, relayed from `messages.events` (command id
 * `message.sent:<messageId>`, key `message:<messageId>`), for the push service to decide whom
 * to notify, from its copies of the users' settings, the channels' subscribers and the users'
 * topic policies.
 */
export const NOTIFY_MESSAGE = 'push_notification.notify_message';
export const NotifyMessage = z.object({
  messageId: z.number().int().positive(),
  senderId: UserId,
  conversation: MessageConversation,
  renderedContent: z.string(),
  sentAt: z.iso.datetime(),
  /** `message.sent.v1`'s: present when the message mentions its topic. */
  topicParticipantIds: z.array(UserId).optional(),
});
export type NotifyMessage = z.infer<typeof NotifyMessage>;
