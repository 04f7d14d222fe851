import { getSubscriptionStatus, type OperationData } from '@zulip-es/contracts';
import type { QueryHandler } from '@zulip-es/platform';
import type { MessagesDeps } from '../../shared/messages-deps';
import { channelsContext } from '../channels-context';
import { noSubscriptions } from '../user-subscriptions.state';
import { subscriptionStatus } from './subscription-status';

/** GET /users/{user_id}/subscriptions/{stream_id}. */
export function getSubscriptionStatusHandler({ repo, users }: MessagesDeps): QueryHandler<OperationData<typeof getSubscriptionStatus>> {
  return {
    kind: 'query',
    schema: getSubscriptionStatus.params,
    async handle({ actorId, data }) {
      const ctx = channelsContext(users, actorId);
      const target = users.user(data.user_id);
      const [channel, actorSubscriptions, targetSubscriptions] = await Promise.all([
        repo.channel(data.stream_id),
        repo.subscriptionsOf(ctx.actor.userId),
        target ? repo.subscriptionsOf(target.userId) : noSubscriptions(data.user_id),
      ]);
      return subscriptionStatus({ ctx, target, channel, actorSubscriptions, targetSubscriptions });
    },
  };
}
