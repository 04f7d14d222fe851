import { setMessageEditTypingStatus, type OperationData } from '@zulip-es/contracts';
import type { EventQueues } from '@zulip-es/event-queues';
import { badRequest, type QueryHandler } from '@zulip-es/platform';
import { activeSubscriberIds } from '../channels/channel-view';
import { channelsContext } from '../channels/channels-context';
import { MessageReader } from '../messages/read-messages/message-access';
import type { MessagesDeps } from '../shared/messages-deps';
import { editTyping, typingLookups } from './typing-deliveries';

/**
 * POST /messages/{message_id}/typing: the caller is editing a message they may read (else
 * Zulip's `Invalid message(s)`); told at once, recorded nowhere, as POST /typing.
 */
export function setEditTypingStatusHandler(
  { repo, users }: MessagesDeps,
  queues: () => EventQueues,
): QueryHandler<OperationData<typeof setMessageEditTypingStatus>> {
  return {
    kind: 'query',
    schema: setMessageEditTypingStatus.params,
    async handle({ actorId, data }) {
      const ctx = channelsContext(users, actorId);
      const [message, subscriptions] = await Promise.all([repo.message(data.message_id), repo.subscriptionsOf(ctx.actor.userId)]);
      if (!message || !(await new MessageReader(repo, ctx.actor, ctx, subscriptions).canRead(message)))
        throw badRequest('Invalid message(s)');
      const { conversation } = message;
      const channel = conversation.type === 'channel' ? await repo.channel(conversation.channelId) : null;
      const subscriberIds = channel ? activeSubscriberIds(ctx, channel) : [];
      await queues().deliver(
        editTyping(typingLookups(ctx.realm, users), ctx.actor, data.op, { messageId: message.messageId, conversation, subscriberIds }),
      );
      return {};
    },
  };
}
