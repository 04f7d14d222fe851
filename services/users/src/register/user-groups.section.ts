import { userGroupsView } from '../user-groups/group-view';
import { groupsContext } from '../user-groups/groups-context';
import type { RegisterSection } from './register-section';

/** Fetch type `realm_user_groups`: deactivated groups only for clients with `include_deactivated_groups`. */
export const userGroupsSection: RegisterSection = {
  fetchType: 'realm_user_groups',
  async state({ repo, realm, actor, params }) {
    const [groups, users] = await Promise.all([repo.allUserGroups(), repo.allUsers()]);
    const ctx = groupsContext({ realm, actor, groups, users });
    return { realm_user_groups: userGroupsView(ctx, params.client_capabilities?.include_deactivated_groups === true) };
  },
};
