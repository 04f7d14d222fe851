import type { Projector } from '../projection/projector';
import { applyToDocument } from '../projection/projector';
import type { UsersRepository } from '../projection/users.repository';
import { evolveRealm, REALM_AGGREGATE, type RealmEvent } from './realm.state';

export const realmProjector = (repo: UsersRepository): Projector => ({
  types: ['realm.created.v1', 'realm.setting_changed.v1'],
  async apply(event, envelope) {
    if (event.type !== 'realm.created.v1' && event.type !== 'realm.setting_changed.v1') return;
    const realmEvent: RealmEvent = event;
    await applyToDocument(repo.realms, REALM_AGGREGATE, envelope.sequence, (current) => evolveRealm(current, realmEvent, envelope.sequence));
  },
});
