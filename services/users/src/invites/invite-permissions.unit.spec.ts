import { Role } from '@zulip-es/contracts';
import { aGroup, asRole, groupsState } from '../testing/user-groups.fixtures';
import { aRealm, DEFAULT_REALM_SETTINGS } from '../testing/users.fixtures';
import { groupsContext } from '../user-groups/groups-context';
import { SystemGroup, systemGroupId } from '@zulip-es/zulip-rules';
import { invitePermissions } from './invite-permissions';

const withSettings = (groups: Partial<typeof DEFAULT_REALM_SETTINGS.groups>) =>
  aRealm({ settings: { ...DEFAULT_REALM_SETTINGS, groups: { ...DEFAULT_REALM_SETTINGS.groups, ...groups } } });
const permissionsOf = (role: Role, realm = aRealm(), extraGroups = [aGroup()]) =>
  invitePermissions(groupsContext(groupsState({ realm, actor: asRole(role), users: [asRole(role)], groups: extraGroups })));

describe('invitation permissions', () => {
  it.each([Role.OWNER, Role.ADMINISTRATOR, Role.MODERATOR, Role.MEMBER])('by default role %i may invite', (role) => {
    expect(permissionsOf(role).mayInvite).toBe(true);
  });

  it('by default a guest may not invite', () => {
    expect(permissionsOf(Role.GUEST)).toEqual({ mayInvite: false, mayCreateLink: false });
  });

  it.each([
    [Role.OWNER, true],
    [Role.ADMINISTRATOR, true],
    [Role.MODERATOR, false],
    [Role.MEMBER, false],
  ])('by default, as in Zulip, role %i may create reusable links: %s', (role, may) => {
    expect(permissionsOf(role).mayCreateLink).toBe(may);
  });

  it('when reusable links are given to full members, a member may create them but a guest still may not', () => {
    const realm = withSettings({ create_multiuse_invite_group: systemGroupId(SystemGroup.FULL_MEMBERS) });
    expect(permissionsOf(Role.MEMBER, realm).mayCreateLink).toBe(true);
    expect(permissionsOf(Role.GUEST, realm).mayCreateLink).toBe(false);
  });

  it('when invitations are limited to administrators, a member may no longer invite', () => {
    const realm = withSettings({ can_invite_users_group: systemGroupId(SystemGroup.ADMINISTRATORS) });
    expect(permissionsOf(Role.MEMBER, realm).mayInvite).toBe(false);
    expect(permissionsOf(Role.ADMINISTRATOR, realm).mayInvite).toBe(true);
  });

  it('when invitations are given to a user group, its members may invite through its subgroups too', () => {
    const realm = withSettings({ can_invite_users_group: 21 });
    const groups = [aGroup({ groupId: 21, name: 'inviters', subgroupIds: [22] }), aGroup({ groupId: 22, name: 'juniors', memberIds: [4] })];
    expect(permissionsOf(Role.MEMBER, realm, groups).mayInvite).toBe(true);
    expect(permissionsOf(Role.MODERATOR, realm, groups).mayInvite).toBe(false);
  });
});
