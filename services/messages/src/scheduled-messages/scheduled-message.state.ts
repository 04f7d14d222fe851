import type { MessagesEvent, ScheduledMessage } from '@zulip-es/contracts';

/**
 * One scheduled message or reminder (`scheduled_message:<id>`). Delivered and deleted ones stay
 * (deleted ones without their text), so a late delivery job or edit finds them settled.
 */
export interface ScheduledMessageState extends ScheduledMessage {
  status: 'scheduled' | 'delivered' | 'deleted';
  deliveredMessageId?: number;
  version: number;
}

/** The undelivered scheduled messages and reminders of one user (`scheduled_index:<userId>`), ids ascending. */
export interface ScheduledIndexState {
  userId: number;
  ids: number[];
}

export const scheduledMessageId = (id: number): string => `scheduled_message:${id}`;
export const scheduledIndexId = (userId: number): string => `scheduled_index:${userId}`;

export type ScheduledMessageEvent = Extract<MessagesEvent, { type: `scheduled_message.${string}` }>;

/** Pure: the scheduled message after `event`. */
export function evolveScheduledMessage(
  state: ScheduledMessageState | null,
  event: ScheduledMessageEvent,
  sequence: number,
): ScheduledMessageState {
  switch (event.type) {
    case 'scheduled_message.created.v1':
    case 'scheduled_message.edited.v1':
    case 'scheduled_message.failed.v1':
      return { ...event.data, status: 'scheduled', version: sequence };
    case 'scheduled_message.delivered.v1':
      if (!state) throw new Error(`scheduled message ${event.data.scheduledMessageId} delivered before it was created`);
      return { ...state, status: 'delivered', deliveredMessageId: event.data.messageId, version: sequence };
    case 'scheduled_message.deleted.v1': {
      if (!state) throw new Error(`scheduled message ${event.data.scheduledMessageId} deleted before it was created`);
      const { reminderNote: _note, ...kept } = state;
      return { ...kept, status: 'deleted', content: '', renderedContent: '', version: sequence };
    }
    default: {
      const unexpected: never = event;
      throw new Error(`scheduled message cannot apply ${JSON.stringify(unexpected)}`);
    }
  }
}

/** Pure: whether the event leaves the message undelivered (kept in its sender's index) or not. */
export const stillScheduled = (event: ScheduledMessageEvent): boolean =>
  event.type === 'scheduled_message.created.v1' ||
  event.type === 'scheduled_message.edited.v1' ||
  event.type === 'scheduled_message.failed.v1';
