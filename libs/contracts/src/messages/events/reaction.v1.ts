import { z } from 'zod';
import { ReactionType } from '../../users/events/user-status-changed.v1';
import { UserId } from '../../users/user-fields';
import { MessageConversation } from '../message-recipient';

const ReactionData = z.object({
  messageId: z.number().int().positive(),
  userId: UserId,
  emojiName: z.string(),
  /** Within `reactionType`'s namespace: Unicode code points (`1f44d`), a custom emoji's id, or `zulip`. */
  emojiCode: z.string(),
  reactionType: ReactionType,
  /** Where the message is, so consumers can tell its readers without a copy of every message. */
  conversation: MessageConversation,
});

/** A user reacted to a message with an emoji (one reaction per user, emoji code and type). */
export const ReactionAddedV1 = z.object({ type: z.literal('reaction.added.v1'), data: ReactionData });
export type ReactionAddedV1 = z.infer<typeof ReactionAddedV1>;

/** A user took back their reaction. */
export const ReactionRemovedV1 = z.object({ type: z.literal('reaction.removed.v1'), data: ReactionData });
export type ReactionRemovedV1 = z.infer<typeof ReactionRemovedV1>;
