import { Controller, Inject } from '@nestjs/common';
import { getSubscriptionStatus, type ReplyOf } from '@zulip-es/contracts';
import { type OperationContext, QueryPattern } from '@zulip-es/platform';
import { MESSAGES_DEPS, type MessagesDeps } from '../../shared/messages-deps';
import { channelsContext } from '../channels-context';
import { noSubscriptions } from '../user-subscriptions.state';
import { subscriptionStatus } from './subscription-status';

@Controller()
export class SubscriptionStatusHandler {
  constructor(@Inject(MESSAGES_DEPS) private readonly deps: MessagesDeps) {}

  /** GET /users/{user_id}/subscriptions/{stream_id}. */
  @QueryPattern(getSubscriptionStatus)
  async getSubscriptionStatus({
    actorId,
    data,
  }: OperationContext<typeof getSubscriptionStatus>): Promise<ReplyOf<typeof getSubscriptionStatus>> {
    const { repo, users } = this.deps;
    const ctx = channelsContext(users, actorId);
    const target = users.user(data.user_id);
    const [channel, actorSubscriptions, targetSubscriptions] = await Promise.all([
      repo.channel(data.stream_id),
      repo.subscriptionsOf(ctx.actor.userId),
      target ? repo.subscriptionsOf(target.userId) : noSubscriptions(data.user_id),
    ]);
    return subscriptionStatus({ ctx, target, channel, actorSubscriptions, targetSubscriptions });
  }
}
