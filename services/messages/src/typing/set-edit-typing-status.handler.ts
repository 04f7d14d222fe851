import { Controller, Inject } from '@nestjs/common';
import { setMessageEditTypingStatus, type ReplyOf } from '@zulip-es/contracts';
import { EventQueues } from '@zulip-es/event-queues';
import { badRequest, QueryPattern, type OperationContext } from '@zulip-es/platform';
import { activeSubscriberIds } from '../channels/channel-view';
import { channelsContext } from '../channels/channels-context';
import { MessageReader } from '../messages/read-messages/message-access';
import { MESSAGES_DEPS, type MessagesDeps } from '../shared/messages-deps';
import { editTyping, typingLookups } from './typing-deliveries';

@Controller()
export class SetEditTypingStatusHandler {
  constructor(
    @Inject(MESSAGES_DEPS) private readonly deps: MessagesDeps,
    private readonly queues: EventQueues,
  ) {}

  /**
   * POST /messages/{message_id}/typing: the caller is editing a message they may read (else
   * Zulip's `Invalid message(s)`); told at once, recorded nowhere, as POST /typing.
   */
  @QueryPattern(setMessageEditTypingStatus)
  async setEditTypingStatus({
    actorId,
    data,
  }: OperationContext<typeof setMessageEditTypingStatus>): Promise<ReplyOf<typeof setMessageEditTypingStatus>> {
    const { repo, users } = this.deps;
    const ctx = channelsContext(users, actorId);
    const [message, subscriptions] = await Promise.all([repo.message(data.message_id), repo.subscriptionsOf(ctx.actor.userId)]);
    if (!message || !(await new MessageReader(repo, ctx.actor, ctx, subscriptions).canRead(message)))
      throw badRequest('Invalid message(s)');
    const { conversation } = message;
    const channel = conversation.type === 'channel' ? await repo.channel(conversation.channelId) : null;
    const subscriberIds = channel ? activeSubscriberIds(ctx, channel) : [];
    await this.queues.deliver(
      editTyping(typingLookups(ctx.realm, users), ctx.actor, data.op, { messageId: message.messageId, conversation, subscriberIds }),
    );
    return {};
  }
}
