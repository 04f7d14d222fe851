import { Controller, Inject } from '@nestjs/common';
import { addReaction, removeReaction } from '@zulip-es/contracts';
import { CommandPattern, type Decision, type MessageContext } from '@zulip-es/platform';
import { channelsContext } from '../../channels/channels-context';
import { MESSAGES_DEPS, type MessagesDeps } from '../../shared/messages-deps';
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

@Controller()
export class ReactionsHandler {
  constructor(@Inject(MESSAGES_DEPS) private readonly deps: MessagesDeps) {}

  @CommandPattern(addReaction)
  async addReaction({ actorId, data }: MessageContext<AddReaction>): Promise<Decision> {
    const { deps } = this;
    return decideAddReaction(data, await reactionState(deps, actorId, data.message_id));
  }

  @CommandPattern(removeReaction)
  async removeReaction({ actorId, data }: MessageContext<RemoveReaction>): Promise<Decision> {
    const { deps } = this;
    return decideRemoveReaction(data, await reactionState(deps, actorId, data.message_id));
  }
}
