import { realmProjector } from '../domain/realm.projector';
import { userProjector } from '../domain/user.projector';
import { invitationProjector } from '../invites/invitation.projector';
import type { Projector } from './projector';
import type { UsersRepository } from './users.repository';

/** Every area's projector; each event type belongs to exactly one. */
export const projectors = (repo: UsersRepository): Projector[] => [realmProjector(repo), userProjector(repo), invitationProjector(repo)];
