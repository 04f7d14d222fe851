import { updateMutedTopic } from '@zulip-es/contracts';
import type { CommandHandler } from '@zulip-es/platform';
import { channelsContext } from '../../channels/channels-context';
import type { MessagesDeps } from '../../shared/messages-deps';
import { decideUpdateMutedTopic, type UpdateMutedTopic } from './update-muted-topic.decide';

export function updateMutedTopicHandler({ repo, users }: MessagesDeps): CommandHandler<UpdateMutedTopic> {
  return {
    kind: 'command',
    schema: updateMutedTopic.params,
    async handle({ actorId, data, now }) {
      const ctx = channelsContext(users, actorId);
      const [channel, actorSubscriptions, userTopics] = await Promise.all([
        data.stream_id !== undefined ? repo.channel(data.stream_id) : data.stream !== undefined ? repo.channelByName(data.stream) : null,
        repo.subscriptionsOf(ctx.actor.userId),
        repo.userTopicsOf(ctx.actor.userId),
      ]);
      return decideUpdateMutedTopic(data, { ctx, channel, actorSubscriptions, userTopics, now });
    },
    replyFrom: () => ({}),
  };
}
