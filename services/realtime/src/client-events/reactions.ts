import type { Directory } from '../directory/directory';
import type { DomainEventOf } from '../domain-event';
import type { ClientEventsOf } from './client-event';
import { readersOf } from './message-changes';

type ReactionEvent = DomainEventOf<'reaction.added.v1'> | DomainEventOf<'reaction.removed.v1'>;

/**
 * Zulip's `reaction` event, to the message's readers and to the reacting user (who may read a
 * public channel's message without being subscribed). `user` is Zulip's deprecated object, which
 * it sends again since feature level 339 for older clients.
 */
function reactionEvents(op: 'add' | 'remove', { data }: ReactionEvent, directory: Directory) {
  const user = directory.user(data.userId);
  const readers = new Set(readersOf(directory, data.conversation));
  if (user?.isActive) readers.add(data.userId);
  return [
    {
      userIds: [...readers],
      event: {
        type: 'reaction',
        op,
        user_id: data.userId,
        user: { user_id: data.userId, email: user ? directory.apiEmail(user) : '', full_name: user?.fullName ?? '' },
        message_id: data.messageId,
        emoji_name: data.emojiName,
        emoji_code: data.emojiCode,
        reaction_type: data.reactionType,
      },
    },
  ];
}

export const reactionAdded: ClientEventsOf<'reaction.added.v1'> = (event, directory) => reactionEvents('add', event, directory);
export const reactionRemoved: ClientEventsOf<'reaction.removed.v1'> = (event, directory) => reactionEvents('remove', event, directory);
