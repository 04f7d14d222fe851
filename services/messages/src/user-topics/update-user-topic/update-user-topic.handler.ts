import { updateUserTopic } from '@zulip-es/contracts';
import type { CommandHandler } from '@zulip-es/platform';
import { channelsContext } from '../../channels/channels-context';
import type { MessagesDeps } from '../../shared/messages-deps';
import { decideUpdateUserTopic, type UpdateUserTopic } from './update-user-topic.decide';

export function updateUserTopicHandler({ repo, users }: MessagesDeps): CommandHandler<UpdateUserTopic> {
  return {
    kind: 'command',
    schema: updateUserTopic.params,
    async handle({ actorId, data, now }) {
      const ctx = channelsContext(users, actorId);
      const [channel, actorSubscriptions, userTopics] = await Promise.all([
        repo.channel(data.stream_id),
        repo.subscriptionsOf(ctx.actor.userId),
        repo.userTopicsOf(ctx.actor.userId),
      ]);
      return decideUpdateUserTopic(data, { ctx, channel, actorSubscriptions, userTopics, now });
    },
    replyFrom: () => ({}),
  };
}
