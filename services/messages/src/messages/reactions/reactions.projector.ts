import type { ReactionAddedV1, ReactionRemovedV1 } from '@zulip-es/contracts';
import type { MessagesRepository } from '../../projection/messages.repository';
import { messageDocId, type StoredReaction } from '../message.state';

/**
 * A reaction given or taken back, on its message's document. The document's version says whether
 * this event already wrote it, so applying it again changes nothing; a message deleted since has
 * nothing to change.
 */
export async function applyReaction(repo: MessagesRepository, event: ReactionAddedV1 | ReactionRemovedV1, sequence: number): Promise<void> {
  const { messageId, userId, emojiName, emojiCode, reactionType } = event.data;
  const message = await repo.message(messageId);
  if (!message || message.version >= sequence) return;
  const others = (message.reactions ?? []).filter(
    (r) => !(r.userId === userId && r.emojiCode === emojiCode && r.reactionType === reactionType),
  );
  const reactions: StoredReaction[] =
    event.type === 'reaction.added.v1' ? [...others, { userId, emojiName, emojiCode, reactionType }] : others;
  await repo.messages.updateOne({ _id: messageDocId(messageId) }, { $set: { reactions, version: sequence } });
}
