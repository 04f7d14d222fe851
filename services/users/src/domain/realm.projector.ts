import type { Projector } from '../projection/projector';
import { applyToDocument } from '../projection/projector';
import type { UsersRepository } from '../projection/users.repository';
import { evolveRealm, REALM_AGGREGATE } from './realm.state';

export const realmProjector = (repo: UsersRepository): Projector => ({
  types: ['realm.created.v1'],
  async apply(event, envelope) {
    if (event.type !== 'realm.created.v1') return;
    await applyToDocument(repo.realms, REALM_AGGREGATE, envelope.sequence, (current) => evolveRealm(current, event, envelope.sequence));
  },
});
