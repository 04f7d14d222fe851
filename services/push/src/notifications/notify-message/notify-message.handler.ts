import { NotifyMessage } from '@zulip-es/contracts';
import type { CommandHandler } from '@zulip-es/platform';
import type { PushDeps } from '../../shared/push-deps';
import { decideNotifyMessage } from './notify-message.decide';

/** A sent message, relayed from `messages.events`: whom to notify. */
export function notifyMessageHandler({ directory, channels, queues }: PushDeps): CommandHandler<NotifyMessage> {
  return {
    kind: 'command',
    schema: NotifyMessage,
    async handle({ data }) {
      const { conversation } = data;
      const recipients = conversation.type === 'channel' ? [...channels.subscribers(conversation.channelId)] : conversation.userIds;
      const onZulip = (await queues?.onZulip(recipients.filter((id) => id !== data.senderId))) ?? new Set<number>();
      const events = decideNotifyMessage(data, {
        user: (id) => directory.user(id),
        subscribers: (id) => channels.subscribers(id),
        topicPolicy: (userId, channelId, topic) => channels.topicPolicy(userId, channelId, topic),
        online: (userId) => onZulip.has(userId),
      });
      return { events, reply: {} };
    },
    replyFrom: () => ({}),
  };
}
