import { Controller, Inject } from '@nestjs/common';
import { getStreamTopics, MAX_TOPICS_PER_REPLY, REALM_EMPTY_TOPIC_DISPLAY_NAME, type ReplyOf } from '@zulip-es/contracts';
import { type OperationContext, QueryPattern } from '@zulip-es/platform';
import { accessChannelById } from '../../channels/channel-lookup';
import { channelsContext } from '../../channels/channels-context';
import { MESSAGES_DEPS, type MessagesDeps } from '../../shared/messages-deps';
import { receivedTopicHistory, wholeTopicHistory } from './topic-history';

/** Topics looked at for a user with protected history, beyond which the answer stops. */
const SCAN_LIMIT = 10 * MAX_TOPICS_PER_REPLY;

@Controller()
export class GetStreamTopicsHandler {
  constructor(@Inject(MESSAGES_DEPS) private readonly deps: MessagesDeps) {}

  /**
   * GET /users/me/{stream_id}/topics: Zulip's `get_topics_backend` for a signed-in user: the
   * channel must be one they may read (`access_stream_by_id`, "Invalid channel ID"); its whole
   * topic history when its history is public to subscribers, else the topics of the messages they
   * received.
   */
  @QueryPattern(getStreamTopics)
  async getStreamTopics({ actorId, data }: OperationContext<typeof getStreamTopics>): Promise<ReplyOf<typeof getStreamTopics>> {
    const { repo, users } = this.deps;
    const ctx = channelsContext(users, actorId);
    const [found, subscriptions] = await Promise.all([repo.channel(data.stream_id), repo.subscriptionsOf(ctx.actor.userId)]);
    const channel = accessChannelById(ctx, found, subscriptions, { requireContentAccess: true });
    const index = repo.topicIndex();
    const topics = channel.historyPublicToSubscribers
      ? await wholeTopicHistory(index, channel.channelId, MAX_TOPICS_PER_REPLY)
      : await receivedTopicHistory(
          { index, lists: repo.lists, topicOf: async (id) => topicOf(await repo.message(id)) },
          channel.channelId,
          await repo.subscriptionHistoryOf(ctx.actor.userId, channel.channelId),
          MAX_TOPICS_PER_REPLY,
          SCAN_LIMIT,
        );
    const shown = (name: string) => (name === '' && !data.allow_empty_topic_name ? REALM_EMPTY_TOPIC_DISPLAY_NAME : name);
    return { topics: topics.map((t) => ({ name: shown(t.name), max_id: t.max_id })) };
  }
}

const topicOf = (message: { conversation: { type: string; topic?: string } } | null): string | undefined => message?.conversation.topic;
