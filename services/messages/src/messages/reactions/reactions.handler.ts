import { addReaction, removeReaction } from '@zulip-es/contracts';
import type { CommandHandler, Decision } from '@zulip-es/platform';
import { channelsContext } from '../../channels/channels-context';
import type { MessagesDeps } from '../../shared/messages-deps';
import { MessageReader } from '../read-messages/message-access';
import { decideAddReaction, decideRemoveReaction, type AddReaction, type ReactionState, type RemoveReaction } from './reaction.decide';

/** The message as its reader may see it, and what a reaction is decided on. */
async function reactionState({ repo, users, markdown }: MessagesDeps, actorId: number | null, messageId: number): Promise<ReactionState> {
  const ctx = channelsContext(users, actorId);
  const reader = new MessageReader(repo, ctx.actor, ctx, await repo.subscriptionsOf(ctx.actor.userId));
  const [found, messagesVersion] = await Promise.all([repo.message(messageId), repo.messagesVersion()]);
  const message = found && (await reader.canRead(found)) ? found : null;
  return { actorId: ctx.actor.userId, message, customEmoji: markdown.customEmojiById(), messagesVersion };
}

export function addReactionHandler(deps: MessagesDeps): CommandHandler<AddReaction> {
  return {
    kind: 'command',
    schema: addReaction.params,
    async handle({ actorId, data }): Promise<Decision> {
      return decideAddReaction(data, await reactionState(deps, actorId, data.message_id));
    },
    replyFrom: () => ({}),
  };
}

export function removeReactionHandler(deps: MessagesDeps): CommandHandler<RemoveReaction> {
  return {
    kind: 'command',
    schema: removeReaction.params,
    async handle({ actorId, data }): Promise<Decision> {
      return decideRemoveReaction(data, await reactionState(deps, actorId, data.message_id));
    },
    replyFrom: () => ({}),
  };
}
