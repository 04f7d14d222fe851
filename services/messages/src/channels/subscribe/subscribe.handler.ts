import { subscribe, type OperationData } from '@zulip-es/contracts';
import type { CommandHandler } from '@zulip-es/platform';
import type { MessagesDeps } from '../../shared/messages-deps';
import { channelsContext, knownPrincipalIds } from '../channels-context';
import { channelsByName, subscriptionsOfUsers } from '../load-channels';
import { descriptionRenderContext } from '../render-description';
import { decideSubscribe, subscribeReplyFrom } from './subscribe.decide';

export function subscribeHandler(deps: MessagesDeps): CommandHandler<OperationData<typeof subscribe>> {
  return {
    kind: 'command',
    schema: subscribe.params,
    async handle({ actorId, data, now }) {
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
    },
    replyFrom: subscribeReplyFrom,
  };
}
