import { Controller, Inject } from '@nestjs/common';
import { updateMutedTopic } from '@zulip-es/contracts';
import { CommandPattern, type Decision, type MessageContext } from '@zulip-es/platform';
import { channelsContext } from '../../channels/channels-context';
import { MESSAGES_DEPS, type MessagesDeps } from '../../shared/messages-deps';
import { decideUpdateMutedTopic, type UpdateMutedTopic } from './update-muted-topic.decide';

@Controller()
export class UpdateMutedTopicHandler {
  constructor(@Inject(MESSAGES_DEPS) private readonly deps: MessagesDeps) {}

  @CommandPattern(updateMutedTopic)
  async updateMutedTopic({ actorId, data, now }: MessageContext<UpdateMutedTopic>): Promise<Decision> {
    const { repo, users } = this.deps;
    const ctx = channelsContext(users, actorId);
    const [channel, actorSubscriptions, userTopics] = await Promise.all([
      data.stream_id !== undefined ? repo.channel(data.stream_id) : data.stream !== undefined ? repo.channelByName(data.stream) : null,
      repo.subscriptionsOf(ctx.actor.userId),
      repo.userTopicsOf(ctx.actor.userId),
    ]);
    return decideUpdateMutedTopic(data, { ctx, channel, actorSubscriptions, userTopics, now });
  }
}
