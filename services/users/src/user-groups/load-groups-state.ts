import type { UsersRepository } from '../projection/users.repository';
import { loadActor } from '../shared/users-deps';
import type { GroupsState } from './groups-context';

/** The organization, the caller, every group and every user: what group decisions read. */
export async function loadGroupsState(repo: UsersRepository, actorId: number | null): Promise<GroupsState> {
  const [{ realm, actor }, groups, users] = await Promise.all([loadActor(repo, actorId), repo.allUserGroups(), repo.allUsers()]);
  return { realm, actor, groups, users };
}
