import { addIds, deleteList, removeIds, type ListStore } from '../messages/message-lists/message-list';
import type { MessagesRepository } from '../projection/messages.repository';
import type { Projector } from '../projection/projector';
import { evolveUserFlags, FlagLists, noUserFlags, userFlagsId, type UserFlagsEvent } from './user-flags.state';

const USER_FLAGS_EVENTS: readonly UserFlagsEvent['type'][] = [
  'message_flags.updated.v1',
  'message_flags.updated.v2',
  'unread_messages.recorded.v1',
  'unread_messages.cleared.v1',
];

/**
 * A user's flags document and lists. The lists change by set operations (repeatable), then the
 * document takes the event's sequence: an event at or below it was applied whole and is skipped,
 * one above it is applied again whole after a crash, changing nothing already written.
 */
export const userFlagsProjector = (repo: MessagesRepository): Projector => ({
  types: USER_FLAGS_EVENTS,
  async apply(event, envelope) {
    const flagsEvent = event as UserFlagsEvent;
    const { userId } = flagsEvent.data;
    const current = (await repo.userFlagsOf(userId)) ?? noUserFlags(userId);
    if (current.version >= envelope.sequence) return;
    await applyToLists(repo.lists, flagsEvent);
    await repo.userFlags.replaceOne({ _id: userFlagsId(userId) }, evolveUserFlags(current, flagsEvent, envelope.sequence), {
      upsert: true,
    });
  },
});

async function applyToLists(lists: ListStore, event: UserFlagsEvent): Promise<void> {
  const { userId } = event.data;
  switch (event.type) {
    case 'unread_messages.recorded.v1':
      return addIds(lists, FlagLists.unread(userId), event.data.messageIds);
    case 'unread_messages.cleared.v1':
      return deleteList(lists, FlagLists.unread(userId));
    case 'message_flags.updated.v1':
    case 'message_flags.updated.v2': {
      const { flag, op, messageIds } = event.data;
      // The unread list holds what lacks `read`: adding the flag takes messages out of it.
      const key = FlagLists[flag === 'read' ? 'unread' : flag](userId);
      const adding = flag === 'read' ? op === 'remove' : op === 'add';
      return adding ? addIds(lists, key, messageIds) : removeIds(lists, key, messageIds);
    }
    default: {
      const unexpected: never = event;
      throw new Error(`user flags cannot apply ${JSON.stringify(unexpected)}`);
    }
  }
}
