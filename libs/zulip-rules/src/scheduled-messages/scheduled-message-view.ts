import type { MessageConversation, ReminderReply, ScheduledMessage } from '@zulip-es/contracts';

/**
 * A scheduled message's conversation as the API's `type`, `to` and `topic` (Zulip's
 * `get_recipient_ids`): a channel's id, or the other participant of a one-to-one conversation,
 * or every participant.
 */
export function recipientOf(
  conversation: MessageConversation,
  senderId: number,
): { type: 'stream'; to: number; topic: string } | { type: 'private'; to: number[] } {
  if (conversation.type === 'channel') return { type: 'stream', to: conversation.channelId, topic: conversation.topic };
  const { userIds } = conversation;
  if (userIds.length <= 2) return { type: 'private', to: [userIds.find((id) => id !== senderId) ?? senderId] };
  return { type: 'private', to: [...userIds] };
}

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
export function reminderView(m: ScheduledMessage): ReminderReply {
  const recipient = recipientOf(m.conversation, m.senderId);
  return {
    reminder_id: m.scheduledMessageId,
    // A reminder is a direct message to the one who set it (Zulip asserts as much).
    to: recipient.type === 'private' ? recipient.to : [m.senderId],
    type: 'private',
    content: m.content,
    rendered_content: m.renderedContent,
    scheduled_delivery_timestamp: m.deliverAt,
    failed: m.failed,
    reminder_target_message_id: m.reminderTargetMessageId ?? 0,
  };
}
