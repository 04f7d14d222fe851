import { unsubscribe, type OperationData } from '@zulip-es/contracts';
import type { CommandHandler } from '@zulip-es/platform';
import type { MessagesDeps } from '../../shared/messages-deps';
import { channelsContext, knownPrincipalIds } from '../channels-context';
import { channelsByName, subscriptionsOfUsers } from '../load-channels';
import { decideUnsubscribe, unsubscribeReplyFrom } from './unsubscribe.decide';

export function unsubscribeHandler({ repo, users }: MessagesDeps): CommandHandler<OperationData<typeof unsubscribe>> {
  return {
    kind: 'command',
    schema: unsubscribe.params,
    async handle({ actorId, data }) {
      const ctx = channelsContext(users, actorId);
      const [existing, subscriptionsOf] = await Promise.all([
        channelsByName(repo, data.subscriptions),
        subscriptionsOfUsers(repo, [ctx.actor.userId, ...knownPrincipalIds(ctx, data.principals)]),
      ]);
      return decideUnsubscribe(data, { ctx, existing, subscriptionsOf });
    },
    replyFrom: unsubscribeReplyFrom,
  };
}
