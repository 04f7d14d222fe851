import { Controller, Inject } from '@nestjs/common';
import { NOTIFY_MESSAGE, NotifyMessage } from '@zulip-es/contracts';
import { CommandPattern, type Decision, type MessageContext } from '@zulip-es/platform';
import { PUSH_DEPS, type PushDeps } from '../../shared/push-deps';
import { decideNotifyMessage } from './notify-message.decide';

@Controller()
export class NotifyMessageHandler {
  constructor(@Inject(PUSH_DEPS) private readonly deps: PushDeps) {}

  /** A sent message, relayed from `messages.events`: whom to notify. */
  @CommandPattern({ type: NOTIFY_MESSAGE, params: NotifyMessage })
  async notify({ data }: MessageContext<NotifyMessage>): Promise<Decision> {
    const { directory, channels, queues } = this.deps;
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
  }
}
