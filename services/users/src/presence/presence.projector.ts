import type { PresenceChangedV1 } from '@zulip-es/contracts';
import { afterEventWritten } from '@zulip-es/platform';
import { applyToDocument, type Projector } from '../projection/projector';
import type { UsersRepository } from '../projection/users.repository';
import { evolvePresenceTransition, presenceAggregateId } from './presence-transition.state';

/**
 * The last transition per user in Mongo, and the ping it records in Redis. The Redis write comes
 * only after the event is in Kafka (after its command group is written), so a crash between
 * deciding and appending loses no transition: the redelivered ping finds Redis unchanged and
 * decides the same event again. It is repeated on every delivery (the store keeps the newer
 * ping), in case a crash fell between the two.
 */
export const presenceProjector = (repo: UsersRepository): Projector => ({
  types: ['presence.changed.v1'],
  async apply(event, envelope) {
    const changed = event as PresenceChangedV1;
    const { userId, status, timestamp } = changed.data;
    await applyToDocument(repo.presenceTransitions, presenceAggregateId(userId), envelope.sequence, () =>
      evolvePresenceTransition(changed, envelope.sequence),
    );
    const store = repo.presenceStore;
    if (store) await afterEventWritten(() => store.record(userId, status, timestamp));
  },
});
