import type { Projector } from '../projection/projector';
import { applyToDocument } from '../projection/projector';
import type { UsersRepository } from '../projection/users.repository';
import { evolveRealm, REALM_AGGREGATE, type RealmEvent } from './realm.state';

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
    await applyToDocument(repo.realms, REALM_AGGREGATE, envelope.sequence, (current) =>
      evolveRealm(current, realmEvent, envelope.sequence),
    );
  },
});
