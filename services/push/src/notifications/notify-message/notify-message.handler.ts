import { NotifyMessage } from '@zulip-es/contracts';
import type { CommandHandler } from '@zulip-es/platform';
import type { PushDeps } from '../../shared/push-deps';
import { decideNotifyMessage } from './notify-message.decide';

/** A sent message, relayed from `messages.events`: whom to notify. */
export function notifyMessageHandler({ directory, channels }: PushDeps): CommandHandler<NotifyMessage> {
  return {
    kind: 'command',
    schema: NotifyMessage,
    async handle({ data }) {
      const events = decideNotifyMessage(data, {
        user: (id) => directory.user(id),
        subscribers: (id) => channels.subscribers(id),
        topicPolicy: (userId, channelId, topic) => channels.topicPolicy(userId, channelId, topic),
        // No client holds an event queue on this server yet, so every user is off Zulip, as Zulip counts it.
        online: () => false,
      });
      return { events, reply: {} };
    },
    replyFrom: () => ({}),
  };
}
