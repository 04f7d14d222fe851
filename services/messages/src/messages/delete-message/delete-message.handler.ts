import { Controller, Inject } from '@nestjs/common';
import { deleteMessage } from '@zulip-es/contracts';
import { CommandPattern, type Decision, type OperationContext } from '@zulip-es/platform';
import { channelsContext } from '../../channels/channels-context';
import { MESSAGES_DEPS, type MessagesDeps } from '../../shared/messages-deps';
import { MessageReader } from '../read-messages/message-access';
import { decideDeleteMessage } from './delete-message.decide';

@Controller()
export class DeleteMessageHandler {
  constructor(@Inject(MESSAGES_DEPS) private readonly deps: MessagesDeps) {}

  @CommandPattern(deleteMessage)
  async deleteMessage({ actorId, data, now }: OperationContext<typeof deleteMessage>): Promise<Decision> {
    const { repo, users } = this.deps;
    const ctx = channelsContext(users, actorId);
    const reader = new MessageReader(repo, ctx.actor, ctx, await repo.subscriptionsOf(ctx.actor.userId));
    const [found, messagesVersion] = await Promise.all([repo.message(data.message_id), repo.messagesVersion()]);
    const message = found && (await reader.canRead(found)) ? found : null;
    const channel = message?.conversation.type === 'channel' ? await reader.channel(message.conversation.channelId) : null;
    return decideDeleteMessage({ ctx, actor: ctx.actor, message, channel, messagesVersion }, now);
  }
}
