import { Controller, Inject } from '@nestjs/common';
import { createChannel } from '@zulip-es/contracts';
import { CommandPattern, type Decision, type OperationContext } from '@zulip-es/platform';
import { MESSAGES_DEPS, type MessagesDeps } from '../../shared/messages-deps';
import { channelsContext, knownPrincipalIds } from '../channels-context';
import { subscriptionsOfUsers } from '../load-channels';
import { descriptionRenderContext } from '../render-description';
import { createChannelReplyFrom, decideCreateChannel } from './create-channel.decide';

@Controller()
export class CreateChannelHandler {
  constructor(@Inject(MESSAGES_DEPS) private readonly deps: MessagesDeps) {}

  @CommandPattern(createChannel, { replyFrom: createChannelReplyFrom })
  async createChannel({ actorId, data, now }: OperationContext<typeof createChannel>): Promise<Decision> {
    const { deps } = this;
    const { repo, users } = deps;
    const ctx = channelsContext(users, actorId);
    const [sameName, subscriptionsOf, lastChannelId, defaultChannels, render, folders] = await Promise.all([
      repo.channelByName(data.name),
      subscriptionsOfUsers(repo, knownPrincipalIds(ctx, data.subscribers)),
      repo.lastChannelId(),
      repo.defaultChannels(),
      descriptionRenderContext(deps, ctx, ctx.actor, [data.description ?? '']),
      data.folder_id === undefined ? undefined : repo.channelFolders(),
    ]);
    return decideCreateChannel(data, { ctx, sameName, subscriptionsOf, lastChannelId, defaultChannels, render, folders }, now);
  }
}
