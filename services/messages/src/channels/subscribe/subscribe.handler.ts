import { Controller, Inject } from '@nestjs/common';
import { subscribe } from '@zulip-es/contracts';
import { CommandPattern, type Decision, type OperationContext } from '@zulip-es/platform';
import { MESSAGES_DEPS, type MessagesDeps } from '../../shared/messages-deps';
import { channelsContext, knownPrincipalIds } from '../channels-context';
import { channelsByName, subscriptionsOfUsers } from '../load-channels';
import { descriptionRenderContext } from '../render-description';
import { decideSubscribe, subscribeReplyFrom } from './subscribe.decide';

@Controller()
export class SubscribeHandler {
  constructor(@Inject(MESSAGES_DEPS) private readonly deps: MessagesDeps) {}

  @CommandPattern(subscribe, { replyFrom: subscribeReplyFrom })
  async subscribe({ actorId, data, now }: OperationContext<typeof subscribe>): Promise<Decision> {
    const { deps } = this;
    const { repo, users } = deps;
    const ctx = channelsContext(users, actorId);
    const [existing, subscriptionsOf, lastChannelId, defaultChannels, render, folders] = await Promise.all([
      channelsByName(
        repo,
        data.subscriptions.map((s) => s.name),
      ),
      subscriptionsOfUsers(repo, [ctx.actor.userId, ...knownPrincipalIds(ctx, data.principals)]),
      repo.lastChannelId(),
      repo.defaultChannels(),
      descriptionRenderContext(
        deps,
        ctx,
        ctx.actor,
        data.subscriptions.map((s) => s.description ?? ''),
      ),
      data.folder_id === undefined ? undefined : repo.channelFolders(),
    ]);
    return decideSubscribe(data, { ctx, existing, subscriptionsOf, lastChannelId, defaultChannels, render, folders }, now);
  }
}
