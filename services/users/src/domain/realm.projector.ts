import type { Projector } from '../projection/projector';
import { applyToDocument } from '../projection/projector';
import type { UsersRepository } from '../projection/users.repository';
import { evolveRealm, REALM_AGGREGATE, type RealmEvent } from './realm.state';

const REALM_EVENTS: readonly RealmEvent['type'][] = [
  'realm.created.v1',
  'realm.setting_changed.v1',
  'realm.user_settings_default_changed.v1',
];

export const realmProjector = (repo: UsersRepository): Projector => ({
  types: REALM_EVENTS,
  async apply(event, envelope) {
    const realmEvent = event as RealmEvent;
    await applyToDocument(repo.realms, REALM_AGGREGATE, envelope.sequence, (current) =>
      evolveRealm(current, realmEvent, envelope.sequence),
    );
  },
});
