import { MAX_SCHEDULED_MESSAGES_PER_USER, type MessageConversation, type ScheduledMessage } from '@zulip-es/contracts';
import { badRequest, DomainError, type NewEventDraft } from '@zulip-es/platform';
import { scheduledMessageId, type ScheduledMessageState } from './scheduled-message.state';
import type { MessagesNewEvent } from '../shared/messages-new-event';

/** What checking a message as if sent now gave: where it goes, its text as stored, its HTML. */
export interface CheckedMessage {
  conversation: MessageConversation;
  content: string;
  renderedContent: string;
  readBySender: boolean;
}

/** Zulip's `SCHEDULED_MESSAGE_LATE_CUTOFF_MINUTES`: how late a scheduled message may still be sent. */
export const LATE_CUTOFF_SECONDS = 10 * 60;

const notFound = (what: 'Scheduled message' | 'Reminder') => new DomainError('BAD_REQUEST', `${what} does not exist`, {}, 404);

const eventOf = (id: number, sequence: number, event: NewEventDraft<MessagesNewEvent>): MessagesNewEvent => ({
  ...event,
  aggregateId: scheduledMessageId(id),
  sequence,
});

export interface NewScheduled {
  kind: ScheduledMessage['kind'];
  senderId: number;
  deliverAt: number;
  client: string;
  checked: CheckedMessage;
  reminder?: { targetMessageId: number; note: string };
}

/** POST /scheduled_messages and POST /reminders: the next id, within the sender's bound. */
export function decideSchedule(
  input: NewScheduled,
  state: { lastScheduledMessageId: number; scheduledCount: number },
): { events: MessagesNewEvent[]; id: number } {
  if (state.scheduledCount >= MAX_SCHEDULED_MESSAGES_PER_USER)
    throw badRequest(`You can have at most ${MAX_SCHEDULED_MESSAGES_PER_USER} scheduled messages and reminders.`);
  const id = state.lastScheduledMessageId + 1;
  const data: ScheduledMessage = {
    scheduledMessageId: id,
    senderId: input.senderId,
    kind: input.kind,
    ...input.checked,
    deliverAt: input.deliverAt,
    client: input.client,
    failed: false,
    ...(input.reminder ? { reminderTargetMessageId: input.reminder.targetMessageId, reminderNote: input.reminder.note } : {}),
  };
  return { events: [eventOf(id, 1, { type: 'scheduled_message.created.v1', data })], id };
}

/** Zulip's `access_scheduled_message` / `access_reminder`: the caller's own, of that kind, not yet deleted. */
export function accessScheduled(
  message: ScheduledMessageState | null,
  actorId: number,
  kind: ScheduledMessage['kind'],
): ScheduledMessageState {
  if (!message || message.senderId !== actorId || message.kind !== kind || message.status === 'deleted')
    throw notFound(kind === 'reminder' ? 'Reminder' : 'Scheduled message');
  return message;
}

export interface ScheduledEdit {
  /** The message checked again with its new recipient or content; absent: neither changed. */
  checked?: CheckedMessage;
  /** A new topic alone (already checked and cut), for a channel message. */
  topic?: string;
  deliverAt?: number;
  client: string;
}

/** Zulip's first checks of `edit_scheduled_message`, before the message is checked again: not sent, and a failed one needs a new time. */
export function checkEditable(message: ScheduledMessageState, deliverAt: number | undefined): void {
  if (message.status === 'delivered') throw badRequest('Scheduled message was already sent');
  if (message.failed && deliverAt === undefined) throw badRequest('Scheduled delivery time must be in the future.');
}

/** PATCH /scheduled_messages/{id}: Zulip's `edit_scheduled_message`; an edit clears a failure. */
export function decideEditScheduled(message: ScheduledMessageState, edit: ScheduledEdit): MessagesNewEvent[] {
  checkEditable(message, edit.deliverAt);
  const { status: _status, deliveredMessageId: _delivered, version, failureMessage: _failure, ...kept } = message;
  let next: ScheduledMessage = { ...kept, ...(edit.checked ?? {}), client: edit.client, failed: false };
  if (!edit.checked && edit.topic !== undefined && next.conversation.type === 'channel')
    next = { ...next, conversation: { ...next.conversation, topic: edit.topic } };
  if (edit.deliverAt !== undefined) next = { ...next, deliverAt: edit.deliverAt };
  return [eventOf(message.scheduledMessageId, version + 1, { type: 'scheduled_message.edited.v1', data: next })];
}

export function decideDeleteScheduled(message: ScheduledMessageState): MessagesNewEvent[] {
  const { scheduledMessageId: id, senderId, kind, version } = message;
  return [eventOf(id, version + 1, { type: 'scheduled_message.deleted.v1', data: { scheduledMessageId: id, senderId, kind } })];
}

/** Whether a delivery job still concerns the message: undelivered, and still meant for `deliverAt`. */
export const isDue = (message: ScheduledMessageState | null, deliverAt: number): message is ScheduledMessageState =>
  message !== null && message.status === 'scheduled' && !message.failed && message.deliverAt === deliverAt;

/** The message sent at its time: its `message.sent.v1` events, then the delivery. */
export function deliveredEvents(message: ScheduledMessageState, sent: readonly MessagesNewEvent[]): MessagesNewEvent[] {
  const sentEvent = sent.find((e) => e.type === 'message.sent.v1');
  if (!sentEvent) throw new Error('a delivery without a sent message');
  const { scheduledMessageId: id, senderId, kind, version } = message;
  return [
    ...sent,
    eventOf(id, version + 1, {
      type: 'scheduled_message.delivered.v1',
      data: { scheduledMessageId: id, senderId, kind, messageId: sentEvent.data.messageId },
    }),
  ];
}

/** The message could not be sent: recorded as failed with Zulip's reason. */
export function failedEvents(message: ScheduledMessageState, failureMessage: string): MessagesNewEvent[] {
  const { status: _status, deliveredMessageId: _delivered, version, ...kept } = message;
  return [
    eventOf(message.scheduledMessageId, version + 1, {
      type: 'scheduled_message.failed.v1',
      data: { ...kept, failed: true, failureMessage },
    }),
  ];
}

/** Zulip's `send_failed_scheduled_message_notification` text. */
export const failureNotice = (deliverAt: number, failureMessage: string): string =>
  `The message you scheduled for <time:${new Date(deliverAt * 1000).toISOString().replace(/\.\d{3}Z$/, '+00:00')}> was not sent because of the following error:\n\n> ${failureMessage}\n\n[View scheduled messages](#scheduled)\n\n`;
