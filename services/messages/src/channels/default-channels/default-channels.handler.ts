import { Controller, Inject } from '@nestjs/common';
import { addDefaultStream, removeDefaultStream } from '@zulip-es/contracts';
import { CommandPattern, type Decision, type OperationContext } from '@zulip-es/platform';
import { MESSAGES_DEPS, type MessagesDeps } from '../../shared/messages-deps';
import { channelsContext } from '../channels-context';
import { decideAddDefaultChannel, decideRemoveDefaultChannel, type DefaultChannelsDecisionState } from './default-channels.decide';

@Controller()
export class DefaultChannelsHandler {
  constructor(@Inject(MESSAGES_DEPS) private readonly deps: MessagesDeps) {}

  @CommandPattern(addDefaultStream)
  async addDefaultChannel({ actorId, data }: OperationContext<typeof addDefaultStream>): Promise<Decision> {
    return decideAddDefaultChannel(await this.state(actorId, data.stream_id));
  }

  @CommandPattern(removeDefaultStream)
  async removeDefaultChannel({ actorId, data }: OperationContext<typeof removeDefaultStream>): Promise<Decision> {
    return decideRemoveDefaultChannel(await this.state(actorId, data.stream_id));
  }

  private async state(actorId: number | null, channelId: number): Promise<DefaultChannelsDecisionState> {
    const { repo, users } = this.deps;
    const ctx = channelsContext(users, actorId);
    const [channel, actorSubscriptions, defaultChannels] = await Promise.all([
      repo.channel(channelId),
      repo.subscriptionsOf(ctx.actor.userId),
      repo.defaultChannels(),
    ]);
    return { ctx, channel, actorSubscriptions, defaultChannels };
  }
}
