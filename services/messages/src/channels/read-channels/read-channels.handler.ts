import { Controller, Inject } from '@nestjs/common';
import { getStreamById, getStreamId, getStreams, getSubscribers, getSubscriptions, type ReplyOf } from '@zulip-es/contracts';
import { type OperationContext, QueryPattern } from '@zulip-es/platform';
import { MESSAGES_DEPS, type MessagesDeps } from '../../shared/messages-deps';
import { accessChannelById, accessChannelByName } from '../channel-lookup';
import { activeSubscriberIds, byName, streamView, subscriptionView } from '../channel-view';
import { channelsContext } from '../channels-context';
import { settingsOf } from '../subscription-settings/subscription-settings.state';
import { selectChannels } from './select-channels';
import { checkSubscriberAccess } from './subscriber-access';

@Controller()
export class ReadChannelsHandler {
  constructor(@Inject(MESSAGES_DEPS) private readonly deps: MessagesDeps) {}

  /** GET /streams. */
  @QueryPattern(getStreams)
  async getStreams({ actorId, data }: OperationContext<typeof getStreams>): Promise<ReplyOf<typeof getStreams>> {
    const { repo, users } = this.deps;
    const ctx = channelsContext(users, actorId);
    const [channels, subscriptions, defaults] = await Promise.all([
      repo.allChannels(),
      repo.subscriptionsOf(ctx.actor.userId),
      repo.defaultChannels(),
    ]);
    const subscribed = new Set(subscriptions.subscriptions.filter((s) => s.active).map((s) => s.channelId));
    const streams = selectChannels(ctx, ctx.actor, channels, subscribed, data)
      .sort(byName)
      .map((c) =>
        data.include_default ? { ...streamView(ctx, c), is_default: defaults.channelIds.includes(c.channelId) } : streamView(ctx, c),
      );
    return { streams };
  }

  /** GET /streams/{stream_id}: metadata access is enough. */
  @QueryPattern(getStreamById)
  async getStreamById({ actorId, data }: OperationContext<typeof getStreamById>): Promise<ReplyOf<typeof getStreamById>> {
    const { repo, users } = this.deps;
    const ctx = channelsContext(users, actorId);
    const [channel, subscriptions] = await Promise.all([repo.channel(data.stream_id), repo.subscriptionsOf(ctx.actor.userId)]);
    return { stream: streamView(ctx, accessChannelById(ctx, channel, subscriptions, { requireContentAccess: false })) };
  }

  /** GET /get_stream_id. */
  @QueryPattern(getStreamId)
  async getStreamId({ actorId, data }: OperationContext<typeof getStreamId>): Promise<ReplyOf<typeof getStreamId>> {
    const { repo, users } = this.deps;
    const ctx = channelsContext(users, actorId);
    const [channel, subscriptions] = await Promise.all([repo.channelByName(data.stream), repo.subscriptionsOf(ctx.actor.userId)]);
    return { stream_id: accessChannelByName(ctx, data.stream, channel, subscriptions).channelId };
  }

  /** GET /streams/{stream_id}/members. */
  @QueryPattern(getSubscribers)
  async getSubscribers({ actorId, data }: OperationContext<typeof getSubscribers>): Promise<ReplyOf<typeof getSubscribers>> {
    const { repo, users } = this.deps;
    const ctx = channelsContext(users, actorId);
    const [found, subscriptions] = await Promise.all([repo.channel(data.stream_id), repo.subscriptionsOf(ctx.actor.userId)]);
    const channel = accessChannelById(ctx, found, subscriptions, { requireContentAccess: false });
    checkSubscriberAccess(ctx, ctx.actor, channel, channel.subscriberIds.includes(ctx.actor.userId));
    return { subscribers: activeSubscriberIds(ctx, channel) };
  }

  /** GET /users/me/subscriptions, sorted by channel name; `partial` answers the full lists (every channel is small enough). */
  @QueryPattern(getSubscriptions)
  async getSubscriptions({ actorId, data }: OperationContext<typeof getSubscriptions>): Promise<ReplyOf<typeof getSubscriptions>> {
    const { repo, users } = this.deps;
    const ctx = channelsContext(users, actorId);
    const [all, settings] = await Promise.all([repo.subscriptionsOf(ctx.actor.userId), repo.subscriptionSettingsOf(ctx.actor.userId)]);
    const own = all.subscriptions.filter((s) => s.active);
    const channels = await Promise.all(own.map((s) => repo.channel(s.channelId)));
    const subscriptions = own
      .flatMap((s, i) => {
        const channel = channels[i];
        if (!channel || channel.isArchived) return [];
        const view = subscriptionView(ctx, channel, s, settingsOf(settings, s.channelId));
        return [data.include_subscribers === 'false' ? view : { ...view, subscribers: activeSubscriberIds(ctx, channel) }];
      })
      .sort(byName);
    return { subscriptions };
  }
}
