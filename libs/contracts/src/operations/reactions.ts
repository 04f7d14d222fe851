import { z } from 'zod';
import { MAX_IDENTIFIER_LENGTH } from '../limits';
import { EmptyReply } from './replies';
import { defineOperation } from './operation';

/**
 * Reactions are message events, decided on key `realm` with the other message commands: one
 * reaction per user, emoji and message holds because they are decided one at a time.
 */

/** Zulip's emoji names and codes are short (custom emoji names at most 60 characters). */
const EmojiName = z.string().max(MAX_IDENTIFIER_LENGTH);
const EmojiCode = z.string().max(MAX_IDENTIFIER_LENGTH);
/** Taken raw: Zulip answers `Invalid emoji type.` for any other value. */
const ReactionTypeParam = z.string().max(MAX_IDENTIFIER_LENGTH);

/** POST /messages/{message_id}/reactions: `emoji_name`, with or without its code and type. */
export const addReaction = defineOperation({
  type: 'reaction.add',
  method: 'POST',
  path: '/messages/{message_id}/reactions',
  service: 'messages',
  kind: 'command',
  auth: 'user',
  params: z.object({
    message_id: z.int(),
    emoji_name: EmojiName,
    emoji_code: EmojiCode.optional(),
    reaction_type: ReactionTypeParam.optional(),
  }),
  reply: EmptyReply,
  key: 'realm',
});

/** DELETE /messages/{message_id}/reactions: by `emoji_code` (and type), or by `emoji_name`. */
export const removeReaction = defineOperation({
  type: 'reaction.remove',
  method: 'DELETE',
  path: '/messages/{message_id}/reactions',
  service: 'messages',
  kind: 'command',
  auth: 'user',
  params: z.object({
    message_id: z.int(),
    emoji_name: EmojiName.optional(),
    emoji_code: EmojiCode.optional(),
    reaction_type: ReactionTypeParam.optional(),
  }),
  reply: EmptyReply,
  key: 'realm',
});
