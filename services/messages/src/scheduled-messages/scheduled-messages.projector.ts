import type { Projector } from '../projection/projector';
import { applyToDocument } from '../projection/projector';
import type { MessagesRepository } from '../projection/messages.repository';
import {
  evolveScheduledMessage,
  scheduledIndexId,
  scheduledMessageId,
  stillScheduled,
  type ScheduledMessageEvent,
} from './scheduled-message.state';

const SCHEDULED_MESSAGE_EVENTS: readonly ScheduledMessageEvent['type'][] = [
  'scheduled_message.created.v1',
  'scheduled_message.edited.v1',
  'scheduled_message.deleted.v1',
  'scheduled_message.delivered.v1',
  'scheduled_message.failed.v1',
];

/**
 * Each scheduled message by id, and each sender's index of the undelivered ones. The index is
 * written whole with the id added or removed, so an event applied again leaves it as it is.
 */
export const scheduledMessagesProjector = (repo: MessagesRepository): Projector => ({
  types: SCHEDULED_MESSAGE_EVENTS,
  async apply(event, envelope) {
    const scheduled = event as ScheduledMessageEvent;
    const { scheduledMessageId: id, senderId } = scheduled.data;
    await applyToDocument(repo.scheduledMessages, scheduledMessageId(id), envelope.sequence, (current) =>
      evolveScheduledMessage(current, scheduled, envelope.sequence),
    );
    if (scheduled.type === 'scheduled_message.created.v1') await repo.raiseLastId('scheduled_message_id', id);
    const index = await repo.scheduledIndexes.findOne({ _id: scheduledIndexId(senderId) });
    const others = (index?.ids ?? []).filter((other) => other !== id);
    const ids = stillScheduled(scheduled) ? [...others, id].sort((a, b) => a - b) : others;
    await repo.scheduledIndexes.replaceOne({ _id: scheduledIndexId(senderId) }, { userId: senderId, ids }, { upsert: true });
  },
});
