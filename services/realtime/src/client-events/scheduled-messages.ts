import type { ScheduledMessage } from '@zulip-es/contracts';
import { toOwner, type ClientEventsOf } from './client-event';

/** Zulip's `get_recipient_ids`: a channel's id, or the other participant of a one-to-one conversation, or every participant. */
function recipient(m: ScheduledMessage): { type: 'stream'; to: number; topic: string } | { type: 'private'; to: number[] } {
  const { conversation } = m;
  if (conversation.type === 'channel') return { type: 'stream', to: conversation.channelId, topic: conversation.topic };
  if (conversation.userIds.length <= 2)
    return { type: 'private', to: [conversation.userIds.find((id) => id !== m.senderId) ?? m.senderId] };
  return { type: 'private', to: [...conversation.userIds] };
}

/** Zulip's `ScheduledMessage.to_dict`. */
const scheduledView = (m: ScheduledMessage) => ({
  scheduled_message_id: m.scheduledMessageId,
  ...recipient(m),
  content: m.content,
  rendered_content: m.renderedContent,
  scheduled_delivery_timestamp: m.deliverAt,
  failed: m.failed,
});

/** Zulip's `ScheduledMessage.to_reminder_dict`. */
const reminderView = (m: ScheduledMessage) => {
  const { type, to } = recipient(m);
  return {
    reminder_id: m.scheduledMessageId,
    to,
    type,
    content: m.content,
    rendered_content: m.renderedContent,
    scheduled_delivery_timestamp: m.deliverAt,
    failed: m.failed,
    reminder_target_message_id: m.reminderTargetMessageId ?? 0,
  };
};

/** Zulip's `scheduled_messages` `add` or `reminders` `add`, to the sender's own clients. */
export const scheduledMessageCreated: ClientEventsOf<'scheduled_message.created.v1'> = ({ data }) =>
  data.kind === 'reminder'
    ? toOwner(data.senderId, { type: 'reminders', op: 'add', reminders: [reminderView(data)] })
    : toOwner(data.senderId, { type: 'scheduled_messages', op: 'add', scheduled_messages: [scheduledView(data)] });

/** `scheduled_messages` `update`: an edit, or a failure to send (reminders have no update event in Zulip). */
const scheduledUpdate = (data: ScheduledMessage) =>
  data.kind === 'reminder'
    ? []
    : toOwner(data.senderId, { type: 'scheduled_messages', op: 'update', scheduled_message: scheduledView(data) });
export const scheduledMessageEdited: ClientEventsOf<'scheduled_message.edited.v1'> = ({ data }) => scheduledUpdate(data);
export const scheduledMessageFailed: ClientEventsOf<'scheduled_message.failed.v1'> = ({ data }) => scheduledUpdate(data);

/** `scheduled_messages` `remove` or `reminders` `remove`: deleted, or delivered. */
const removed = (data: { scheduledMessageId: number; senderId: number; kind: ScheduledMessage['kind'] }) =>
  data.kind === 'reminder'
    ? toOwner(data.senderId, { type: 'reminders', op: 'remove', reminder_id: data.scheduledMessageId })
    : toOwner(data.senderId, { type: 'scheduled_messages', op: 'remove', scheduled_message_id: data.scheduledMessageId });
export const scheduledMessageDeleted: ClientEventsOf<'scheduled_message.deleted.v1'> = ({ data }) => removed(data);
export const scheduledMessageDelivered: ClientEventsOf<'scheduled_message.delivered.v1'> = ({ data }) => removed(data);
