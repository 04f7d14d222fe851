import { eventsTopic, UsersEvent, type EventEnvelope } from '@zulip-es/contracts';
import type { ReadModel } from '@zulip-es/platform';
import type { RealmEvent } from '../domain/realm.state';
import type { UserEvent } from '../domain/user.state';
import type { UserDirectory } from './user-directory';

/**
 * Feeds the directory with every user and realm event of users.events from the first record (each start
 * reads the topic again, as the gateway's API key model does), so it also learns what other
 * instances of the service decide; commands wait on it for the caller's latest positions.
 */
export class UserDirectoryFeed implements ReadModel {
  readonly name = 'user-directory';
  readonly topics = [eventsTopic('users')];

  constructor(private readonly directory: UserDirectory) {}

  apply(envelope: EventEnvelope): void {
    // Most records are other areas' (presence changes above all): skipped before validation.
    if (envelope.type.startsWith('user.')) {
      const event = UsersEvent.parse({ type: envelope.type, data: envelope.data }) as UserEvent;
      this.directory.apply(event, envelope.sequence);
    } else if (envelope.type.startsWith('realm.')) {
      const event = UsersEvent.parse({ type: envelope.type, data: envelope.data }) as RealmEvent;
      this.directory.applyRealm(event, envelope.sequence);
    }
  }
}
