import { UsersEvent, type EventEnvelope } from '@zulip-es/contracts';
import type { Projection } from '@zulip-es/platform';
import { evolveRealm, REALM_AGGREGATE } from '../domain/realm.state';
import { evolveUser, userAggregateId, type UserEvent } from '../domain/user.state';
import { normalizeEmail, type UsersRepository } from './users.repository';

/**
 * Applies users events to Mongo. Each document remembers the sequence of the last event applied
 * to it, so an event delivered again (catch-up after a crash) changes nothing.
 */
export class UsersProjection implements Projection {
  constructor(private readonly repo: UsersRepository) {}

  async apply(envelope: EventEnvelope): Promise<void> {
    const event = UsersEvent.parse({ type: envelope.type, data: envelope.data });
    if (event.type === 'realm.created.v1') {
      const current = await this.repo.realm();
      if (current && current.version >= envelope.sequence) return;
      await this.repo.realms.replaceOne({ _id: REALM_AGGREGATE }, evolveRealm(current, event, envelope.sequence), { upsert: true });
      return;
    }
    await this.applyToUser(event, envelope.sequence);
  }

  private async applyToUser(event: UserEvent, sequence: number): Promise<void> {
    const { userId } = event.data;
    const current = await this.repo.user(userId);
    if (!current || current.version < sequence) {
      await this.repo.users.replaceOne({ _id: userAggregateId(userId) }, evolveUser(current, event, sequence), { upsert: true });
    }
    if (event.type === 'user.created.v1') {
      await this.repo.emails.replaceOne({ _id: normalizeEmail(event.data.deliveryEmail) }, { userId }, { upsert: true });
      if ((await this.repo.lastUserId()) < userId) {
        await this.repo.counters.replaceOne({ _id: 'user_id' }, { value: userId }, { upsert: true });
      }
    }
  }
}
