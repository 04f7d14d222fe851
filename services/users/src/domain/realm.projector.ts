import type { Projector } from '../projection/projector';
import { applyToDocument } from '../projection/projector';
import type { UsersRepository } from '../projection/users.repository';
import { evolveRealm, REALM_AGGREGATE, type RealmEvent, type RealmState } from './realm.state';

const REALM_EVENTS = Object.keys({
  'realm.created.v1': true,
  'realm.created.v2': true,
  'realm.setting_changed.v1': true,
  'realm.user_settings_default_changed.v1': true,
} satisfies Record<RealmEvent['type'], true>) as RealmEvent['type'][];

export const realmProjector = (repo: UsersRepository): Projector => ({
  types: REALM_EVENTS,
  async apply(event, envelope) {
    const realmEvent = event as RealmEvent;
    let written: RealmState | undefined;
    await applyToDocument(
      repo.realms,
      REALM_AGGREGATE,
      envelope.sequence,
      (current) => (written = evolveRealm(current, realmEvent, envelope.sequence)),
    );
    // As for users: the in-memory copy sees the new state before the command is answered.
    if (written) repo.userDirectory?.putRealm(written);
  },
});
