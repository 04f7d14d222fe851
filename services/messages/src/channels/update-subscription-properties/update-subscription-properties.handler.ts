import { Controller, Inject } from '@nestjs/common';
import { updateSubscriptionProperties } from '@zulip-es/contracts';
import { CommandPattern, type Decision, type MessageContext } from '@zulip-es/platform';
import { MESSAGES_DEPS, type MessagesDeps } from '../../shared/messages-deps';
import { channelsContext } from '../channels-context';
import { decideUpdateSubscriptionProperties, type UpdateSubscriptionProperties } from './update-subscription-properties.decide';

@Controller()
export class UpdateSubscriptionPropertiesHandler {
  constructor(@Inject(MESSAGES_DEPS) private readonly deps: MessagesDeps) {}

  /** POST /users/me/subscriptions/properties (key: the caller). */
  @CommandPattern(updateSubscriptionProperties)
  async updateSubscriptionProperties({ actorId, data }: MessageContext<UpdateSubscriptionProperties>): Promise<Decision> {
    const { repo, users } = this.deps;
    const ctx = channelsContext(users, actorId);
    const channelIds = [...new Set(data.subscription_data.map((c) => c.stream_id))];
    const [found, actorSubscriptions, settings] = await Promise.all([
      Promise.all(channelIds.map((id) => repo.channel(id))),
      repo.subscriptionsOf(ctx.actor.userId),
      repo.subscriptionSettingsOf(ctx.actor.userId),
    ]);
    const channels = new Map(channelIds.map((id, i) => [id, found[i]]));
    return decideUpdateSubscriptionProperties(data, { ctx, channels, actorSubscriptions, settings });
  }
}
