import { DomainError, badRequest } from '@zulip-es/platform';
import {
  MAX_REACTIONS_PER_MESSAGE,
  type OperationData,
  type ReactionAddedV1,
  type ReactionRemovedV1,
  type addReaction,
  type removeReaction,
} from '@zulip-es/contracts';
import { emojiByName, emojiRequestProblem, noSuchEmoji, type CustomEmojiById } from '@zulip-es/zulip-emoji';
import { MESSAGES_AGGREGATE, type MessageState, type StoredReaction } from '../message.state';
import type { MessagesDecision } from '../../shared/messages-new-event';

export type AddReaction = OperationData<typeof addReaction>;
export type RemoveReaction = OperationData<typeof removeReaction>;

export interface ReactionState {
  actorId: number;
  /** The message, when it exists and the actor may read it (else Zulip's `Invalid message(s)`). */
  message: MessageState | null;
  customEmoji: CustomEmojiById;
  messagesVersion: number;
}

const sameEmoji = (code: string, type: string) => (r: StoredReaction) => r.emojiCode === code && r.reactionType === type;

/**
 * Zulip's `check_add_reaction`: the name's own code and type fill in those not sent. Joining a
 * reaction others gave takes their name and skips the emoji check (a custom emoji deactivated
 * since still gets votes); a new one must be a valid emoji of the organization.
 */
export function decideAddReaction(cmd: AddReaction, state: ReactionState): MessagesDecision {
  const message = readable(state);
  let code = cmd.emoji_code;
  let type = cmd.reaction_type;
  if (code === undefined || type === undefined) {
    const named = emojiByName(cmd.emoji_name, state.customEmoji);
    if (!named) throw badRequest(noSuchEmoji(cmd.emoji_name));
    code ??= named.emojiCode;
    type ??= named.reactionType;
  }
  const reactions = message.reactions ?? [];
  const same = sameEmoji(code, type);
  if (reactions.some((r) => same(r) && r.userId === state.actorId))
    throw new DomainError('REACTION_ALREADY_EXISTS', 'Reaction already exists.');
  if (reactions.length >= MAX_REACTIONS_PER_MESSAGE) throw badRequest(`A message has at most ${MAX_REACTIONS_PER_MESSAGE} reactions.`);
  const joined = reactions.find(same);
  if (!joined) {
    const problem = emojiRequestProblem(cmd.emoji_name, code, type, state.customEmoji);
    if (problem !== undefined) throw badRequest(problem);
  }
  const reaction = joined
    ? { ...joined, userId: state.actorId }
    : { userId: state.actorId, emojiName: cmd.emoji_name, emojiCode: code, reactionType: type as StoredReaction['reactionType'] };
  return decided('reaction.added.v1', message, reaction, state.messagesVersion);
}

/**
 * Zulip's `remove_reaction`: by code and type (`unicode_emoji` when not sent), or by a name's code.
 * The emoji is not checked again: the reaction was valid when given, and a custom emoji may have
 * been deactivated since.
 */
export function decideRemoveReaction(cmd: RemoveReaction, state: ReactionState): MessagesDecision {
  const message = readable(state);
  let code = cmd.emoji_code;
  if (code === undefined) {
    if (cmd.emoji_name === undefined) throw badRequest('At least one of the following arguments must be present: emoji_name, emoji_code');
    const named = emojiByName(cmd.emoji_name, state.customEmoji);
    if (!named) throw badRequest(noSuchEmoji(cmd.emoji_name));
    code = named.emojiCode;
  }
  const same = sameEmoji(code, cmd.reaction_type ?? 'unicode_emoji');
  const given = (message.reactions ?? []).find((r) => same(r) && r.userId === state.actorId);
  if (!given) throw new DomainError('REACTION_DOES_NOT_EXIST', "Reaction doesn't exist.");
  return decided('reaction.removed.v1', message, given, state.messagesVersion);
}

function readable(state: ReactionState): MessageState {
  if (!state.message) throw badRequest('Invalid message(s)');
  return state.message;
}

function decided(
  type: (ReactionAddedV1 | ReactionRemovedV1)['type'],
  message: MessageState,
  reaction: StoredReaction,
  messagesVersion: number,
): MessagesDecision {
  const data: ReactionAddedV1['data'] = { messageId: message.messageId, ...reaction, conversation: message.conversation };
  return { events: [{ type, aggregateId: MESSAGES_AGGREGATE, sequence: messagesVersion + 1, data }], reply: {} };
}
