import { deleteMessage, type OperationData } from '@zulip-es/contracts';
import type { CommandHandler } from '@zulip-es/platform';
import { channelsContext } from '../../channels/channels-context';
import type { MessagesDeps } from '../../shared/messages-deps';
import { MessageReader } from '../read-messages/message-access';
import { decideDeleteMessage } from './delete-message.decide';

export function deleteMessageHandler({ repo, users }: MessagesDeps): CommandHandler<OperationData<typeof deleteMessage>> {
  return {
    kind: 'command',
    schema: deleteMessage.params,
    async handle({ actorId, data, now }) {
      const ctx = channelsContext(users, actorId);
      const reader = new MessageReader(repo, ctx.actor, ctx, await repo.subscriptionsOf(ctx.actor.userId));
      const [found, messagesVersion] = await Promise.all([repo.message(data.message_id), repo.messagesVersion()]);
      const message = found && (await reader.canRead(found)) ? found : null;
      const channel = message?.conversation.type === 'channel' ? await reader.channel(message.conversation.channelId) : null;
      return decideDeleteMessage({ ctx, actor: ctx.actor, message, channel, messagesVersion }, now);
    },
    replyFrom: () => ({}),
  };
}
