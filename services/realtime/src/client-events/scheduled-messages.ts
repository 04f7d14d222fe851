import type { ScheduledMessage } from '@zulip-es/contracts';
import { reminderView, scheduledMessageView } from '@zulip-es/zulip-rules';
import { toOwner, type ClientEventsOf } from './client-event';

/** Zulip's `scheduled_messages` `add` or `reminders` `add`, to the sender's own clients. */
export const scheduledMessageCreated: ClientEventsOf<'scheduled_message.created.v1'> = ({ data }) =>
  data.kind === 'reminder'
    ? toOwner(data.senderId, { type: 'reminders', op: 'add', reminders: [reminderView(data)] })
    : toOwner(data.senderId, { type: 'scheduled_messages', op: 'add', scheduled_messages: [scheduledMessageView(data)] });

/** `scheduled_messages` `update`: an edit, or a failure to send (reminders have no update event in Zulip). */
const scheduledUpdate = (data: ScheduledMessage) =>
  data.kind === 'reminder'
    ? []
    : toOwner(data.senderId, { type: 'scheduled_messages', op: 'update', scheduled_message: scheduledMessageView(data) });
export const scheduledMessageEdited: ClientEventsOf<'scheduled_message.edited.v1'> = ({ data }) => scheduledUpdate(data);
export const scheduledMessageFailed: ClientEventsOf<'scheduled_message.failed.v1'> = ({ data }) => scheduledUpdate(data);

/** `scheduled_messages` `remove` or `reminders` `remove`: deleted, or delivered. */
const removed = (data: { scheduledMessageId: number; senderId: number; kind: ScheduledMessage['kind'] }) =>
  data.kind === 'reminder'
    ? toOwner(data.senderId, { type: 'reminders', op: 'remove', reminder_id: data.scheduledMessageId })
    : toOwner(data.senderId, { type: 'scheduled_messages', op: 'remove', scheduled_message_id: data.scheduledMessageId });
export const scheduledMessageDeleted: ClientEventsOf<'scheduled_message.deleted.v1'> = ({ data }) => removed(data);
export const scheduledMessageDelivered: ClientEventsOf<'scheduled_message.delivered.v1'> = ({ data }) => removed(data);
