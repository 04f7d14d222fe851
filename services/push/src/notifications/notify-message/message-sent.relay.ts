import { MessageSentV1, NOTIFY_MESSAGE, type NotifyMessage } from '@zulip-es/contracts';
import type { EventRelayOptions } from '@zulip-es/platform';

/**
 * A notification arriving later than this is news no more: messages older than an hour when the
 * relay reads them (a first start on an existing organization, a long outage) notify no one.
 */
export const NOTIFY_WITHIN_MS = 60 * 60 * 1000;

/**
 * `message.sent.v1` → the command that decides whom to notify, with an id derived from the
 * message, once this service's copies of the users and channels include the message's time.
 */
export const messageSentRelay: EventRelayOptions = {
  groupId: 'push-message-notifications',
  from: 'messages',
  to: 'push',
  eventTypes: ['message.sent.v1'],
  toCommand: (envelope) => {
    const { data: sent } = MessageSentV1.parse({ type: envelope.type, data: envelope.data });
    if (Date.now() - Date.parse(sent.sentAt) > NOTIFY_WITHIN_MS) return null;
    const { messageId, senderId, conversation, renderedContent, sentAt, topicParticipantIds } = sent;
    const data: NotifyMessage = {
      messageId,
      senderId,
      conversation,
      renderedContent,
      sentAt,
      ...(topicParticipantIds ? { topicParticipantIds } : {}),
    };
    return { commandId: `message.sent:${sent.messageId}`, type: NOTIFY_MESSAGE, key: `message:${sent.messageId}`, data };
  },
};
