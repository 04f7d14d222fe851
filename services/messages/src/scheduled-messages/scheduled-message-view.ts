import type { ScheduledMessage } from '@zulip-es/contracts';
import { recipientOf } from './schedule-request';

/** Zulip's `ScheduledMessage.to_dict`. */
export function scheduledMessageView(m: ScheduledMessage) {
  const recipient = recipientOf(m.conversation, m.senderId);
  return {
    scheduled_message_id: m.scheduledMessageId,
    ...recipient,
    content: m.content,
    rendered_content: m.renderedContent,
    scheduled_delivery_timestamp: m.deliverAt,
    failed: m.failed,
  };
}

/** Zulip's `ScheduledMessage.to_reminder_dict`. */
export function reminderView(m: ScheduledMessage) {
  const recipient = recipientOf(m.conversation, m.senderId);
  return {
    reminder_id: m.scheduledMessageId,
    to: recipient.to,
    type: recipient.type,
    content: m.content,
    rendered_content: m.renderedContent,
    scheduled_delivery_timestamp: m.deliverAt,
    failed: m.failed,
    reminder_target_message_id: m.reminderTargetMessageId ?? 0,
  };
}
