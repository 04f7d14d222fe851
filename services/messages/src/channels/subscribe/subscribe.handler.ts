import { subscribe, type OperationData } from '@zulip-es/contracts';
import type { CommandHandler } from '@zulip-es/platform';
import type { MessagesDeps } from '../../shared/messages-deps';
import { channelsContext, knownPrincipalIds } from '../channels-context';
import { channelsByName, subscriptionsOfUsers } from '../load-channels';
import { decideSubscribe, subscribeReplyFrom } from './subscribe.decide';

export function subscribeHandler({ repo, users }: MessagesDeps): CommandHandler<OperationData<typeof subscribe>> {
  return {
    kind: 'command',
    schema: subscribe.params,
    async handle({ actorId, data, now }) {
      const ctx = channelsContext(users, actorId);
      const [existing, subscriptionsOf, lastChannelId, defaultChannels] = await Promise.all([
        channelsByName(repo, data.subscriptions.map((s) => s.name)),
        subscriptionsOfUsers(repo, [ctx.actor.userId, ...knownPrincipalIds(ctx, data.principals)]),
        repo.lastChannelId(),
        repo.defaultChannels(),
      ]);
      return decideSubscribe(data, { ctx, existing, subscriptionsOf, lastChannelId, defaultChannels }, now);
    },
    replyFrom: subscribeReplyFrom,
  };
}
