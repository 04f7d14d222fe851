import type { UsersRepository } from '../projection/users.repository';
import { loadActor } from '../shared/users-deps';
import { groupsContext, type GroupsContext } from './groups-context';

/**
 * Every group with the caller as the only user: enough to answer what the caller may do
 * (membership of one user depends on their own role and the group graph only), without
 * reading every user of the organization.
 */
export async function loadActorGroups(repo: UsersRepository, actorId: number | null): Promise<GroupsContext> {
  const [{ realm, actor }, groups] = await Promise.all([loadActor(repo, actorId), repo.allUserGroups()]);
  return groupsContext({ realm, actor, groups, users: [actor] });
}
