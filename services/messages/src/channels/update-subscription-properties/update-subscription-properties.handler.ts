import { updateSubscriptionProperties } from '@zulip-es/contracts';
import type { CommandHandler } from '@zulip-es/platform';
import type { MessagesDeps } from '../../shared/messages-deps';
import { channelsContext } from '../channels-context';
import { decideUpdateSubscriptionProperties, type UpdateSubscriptionProperties } from './update-subscription-properties.decide';

/** POST /users/me/subscriptions/properties (key: the caller). */
export function updateSubscriptionPropertiesHandler({ repo, users }: MessagesDeps): CommandHandler<UpdateSubscriptionProperties> {
  return {
    kind: 'command',
    schema: updateSubscriptionProperties.params,
    async handle({ actorId, data }) {
      const ctx = channelsContext(users, actorId);
      const channelIds = [...new Set(data.subscription_data.map((c) => c.stream_id))];
      const [found, actorSubscriptions, settings] = await Promise.all([
        Promise.all(channelIds.map((id) => repo.channel(id))),
        repo.subscriptionsOf(ctx.actor.userId),
        repo.subscriptionSettingsOf(ctx.actor.userId),
      ]);
      const channels = new Map(channelIds.map((id, i) => [id, found[i]]));
      return decideUpdateSubscriptionProperties(data, { ctx, channels, actorSubscriptions, settings });
    },
    replyFrom: () => ({}),
  };
}
