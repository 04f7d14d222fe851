import { Controller, Inject } from '@nestjs/common';
import { REALM_EMPTY_TOPIC_DISPLAY_NAME, setTypingStatus, type ReplyOf } from '@zulip-es/contracts';
import { EventQueues } from '@zulip-es/event-queues';
import { badRequest, QueryPattern, type MessageContext } from '@zulip-es/platform';
import { accessChannelById } from '../channels/channel-lookup';
import { activeSubscriberIds } from '../channels/channel-view';
import { channelsContext } from '../channels/channels-context';
import { MESSAGES_DEPS, type MessagesDeps } from '../shared/messages-deps';
import { channelTyping, directTyping, typingLookups, type TypingRequest } from './typing-deliveries';

@Controller()
export class SetTypingStatusHandler {
  constructor(
    @Inject(MESSAGES_DEPS) private readonly deps: MessagesDeps,
    private readonly queues: EventQueues,
  ) {}

  /**
   * POST /typing: checked here, where channels and their subscribers are known, and told to the
   * recipients' event queues straight away. Nothing is recorded (Zulip keeps no trace of typing),
   * so it is a query: it changes no state and takes no place in the order of the caller's commands.
   */
  @QueryPattern(setTypingStatus)
  async setTypingStatus({ actorId, data }: MessageContext<TypingRequest>): Promise<ReplyOf<typeof setTypingStatus>> {
    const { repo, users } = this.deps;
    const ctx = channelsContext(users, actorId);
    const lookups = typingLookups(ctx.realm, users);
    if (data.type === 'direct') {
      await this.queues.deliver(directTyping(lookups, ctx.actor, data));
      return {};
    }
    if (data.stream_id === undefined) throw badRequest('Missing channel ID');
    if (data.topic === undefined) throw badRequest('Missing topic');
    const [found, subscriptions] = await Promise.all([repo.channel(data.stream_id), repo.subscriptionsOf(ctx.actor.userId)]);
    const channel = accessChannelById(ctx, found, subscriptions, { requireContentAccess: true });
    // Zulip reads its display name for the empty topic, and "(no topic)", as the empty topic.
    const topic = data.topic === REALM_EMPTY_TOPIC_DISPLAY_NAME || data.topic === '(no topic)' ? '' : data.topic;
    await this.queues.deliver(
      channelTyping(
        lookups,
        ctx.actor,
        { ...data, topic },
        { channelId: channel.channelId, subscriberIds: activeSubscriberIds(ctx, channel) },
      ),
    );
    return {};
  }
}
