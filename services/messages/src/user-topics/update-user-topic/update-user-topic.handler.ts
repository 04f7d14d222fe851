import { Controller, Inject } from '@nestjs/common';
import { updateUserTopic } from '@zulip-es/contracts';
import { CommandPattern, type Decision, type MessageContext } from '@zulip-es/platform';
import { channelsContext } from '../../channels/channels-context';
import { MESSAGES_DEPS, type MessagesDeps } from '../../shared/messages-deps';
import { decideUpdateUserTopic, type UpdateUserTopic } from './update-user-topic.decide';

@Controller()
export class UpdateUserTopicHandler {
  constructor(@Inject(MESSAGES_DEPS) private readonly deps: MessagesDeps) {}

  @CommandPattern(updateUserTopic)
  async updateUserTopic({ actorId, data, now }: MessageContext<UpdateUserTopic>): Promise<Decision> {
    const { repo, users } = this.deps;
    const ctx = channelsContext(users, actorId);
    const [channel, actorSubscriptions, userTopics] = await Promise.all([
      repo.channel(data.stream_id),
      repo.subscriptionsOf(ctx.actor.userId),
      repo.userTopicsOf(ctx.actor.userId),
    ]);
    return decideUpdateUserTopic(data, { ctx, channel, actorSubscriptions, userTopics, now });
  }
}
