import { Controller, Inject } from '@nestjs/common';
import { archiveStream, updateStream } from '@zulip-es/contracts';
import { CommandPattern, type Decision, type MessageContext, type OperationContext } from '@zulip-es/platform';
import { MESSAGES_DEPS, type MessagesDeps } from '../../shared/messages-deps';
import { channelNoticeEvents } from '../../messages/notification-bot/notification-bot';
import { wholeTopicHistory } from '../../messages/topic-history/topic-history';
import { channelsContext, type ChannelsContext } from '../channels-context';
import { NO_CHANNEL_FOLDERS } from '../folders/channel-folders.state';
import { descriptionRenderContext, renderDescription } from '../render-description';
import { activeSubscription } from '../user-subscriptions.state';
import { decideArchiveChannel, decideUpdateChannel, type ChannelChange, type UpdateStream } from './update-channel.decide';

/** The organization's retention: this server keeps messages forever (Zulip's -1). */
const REALM_RETENTION_DAYS = -1;

async function channelAndSubscription(deps: MessagesDeps, ctx: ChannelsContext, channelId: number) {
  const [channel, own] = await Promise.all([deps.repo.channel(channelId), deps.repo.subscriptionsOf(ctx.actor.userId)]);
  return { channel, subscribed: activeSubscription(own, channelId) !== undefined };
}

/** The change's events, then the Notification Bot's notices, in one command. */
async function withNotices(deps: MessagesDeps, change: ChannelChange, now: Date): Promise<Decision> {
  return { events: [...change.events, ...(await channelNoticeEvents(deps, change.events, change.notices, now))], reply: {} };
}

@Controller()
export class UpdateChannelHandler {
  constructor(@Inject(MESSAGES_DEPS) private readonly deps: MessagesDeps) {}

  /** PATCH /streams/{stream_id}. */
  @CommandPattern(updateStream)
  async updateChannel({ actorId, data, now }: MessageContext<UpdateStream>): Promise<Decision> {
    const { deps } = this;
    const { repo } = deps;
    const ctx = channelsContext(deps.users, actorId);
    const [{ channel, subscribed }, sameName, folders, defaultChannels, render, topics] = await Promise.all([
      channelAndSubscription(deps, ctx, data.stream_id),
      data.new_name === undefined ? null : repo.channelByName(data.new_name.trim()),
      data.folder_id === undefined ? NO_CHANNEL_FOLDERS : repo.channelFolders(),
      repo.defaultChannels(),
      data.description === undefined ? null : descriptionRenderContext(deps, ctx, ctx.actor, [data.description]),
      data.topics_policy === 'empty_topic_only' ? wholeTopicHistory(repo.topicIndex(), data.stream_id, 2) : [],
    ]);
    const change = decideUpdateChannel(data, {
      ctx,
      channel,
      subscribed,
      sameName,
      folders,
      defaultChannels,
      hasNamedTopics: topics.some((t) => t.name !== ''),
      renderDescription: (text) => renderDescription(text, render),
      realmRetentionDays: REALM_RETENTION_DAYS,
    });
    return withNotices(deps, change, now);
  }

  /** DELETE /streams/{stream_id}. */
  @CommandPattern(archiveStream)
  async archiveChannel({ actorId, data, now }: OperationContext<typeof archiveStream>): Promise<Decision> {
    const { deps } = this;
    const ctx = channelsContext(deps.users, actorId);
    const [{ channel, subscribed }, defaultChannels] = await Promise.all([
      channelAndSubscription(deps, ctx, data.stream_id),
      deps.repo.defaultChannels(),
    ]);
    return withNotices(deps, decideArchiveChannel({ ctx, channel, subscribed, defaultChannels }), now);
  }
}
