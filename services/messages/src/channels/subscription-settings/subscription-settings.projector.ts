import type { SubscriptionPropertyChangedV1 } from '@zulip-es/contracts';
import type { MessagesRepository } from '../../projection/messages.repository';
import type { Projector } from '../../projection/projector';
import { evolveSubscriptionSettings } from './subscription-settings.state';

/** Each user's subscription settings, one document per user, versioned by their own events. */
export const subscriptionSettingsProjector = (repo: MessagesRepository): Projector => ({
  types: ['subscription.property_changed.v1'],
  async apply(event, envelope) {
    const changed = event as SubscriptionPropertyChangedV1;
    const next = evolveSubscriptionSettings(await repo.subscriptionSettingsOf(changed.data.userId), changed, envelope.sequence);
    if (next) await repo.putSubscriptionSettings(next);
  },
});
