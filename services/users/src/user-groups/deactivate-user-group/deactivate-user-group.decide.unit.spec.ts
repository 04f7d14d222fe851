import { Role } from '@zulip-es/contracts';
import { aGroup, asRole, groupsState } from '../../testing/user-groups.fixtures';
import { aRealm, DEFAULT_REALM_SETTINGS } from '../../testing/users.fixtures';
import { decideDeactivateUserGroup } from './deactivate-user-group.decide';

const refused = (msg: string) => expect.objectContaining({ code: 'BAD_REQUEST', msg });
const decide = (groupId: number, overrides = {}) =>
  decideDeactivateUserGroup({ user_group_id: groupId }, groupsState({ groups: [aGroup({ version: 4 })], ...overrides }));

describe('deactivate user group', () => {
  it('deactivates a group nothing uses', () => {
    expect(decide(20)).toEqual([{ type: 'user_group.deactivated.v1', aggregateId: 'group:20', sequence: 5, data: { groupId: 20 } }]);
  });

  it.each([
    [99, 'Invalid user group'],
    [4, 'Insufficient permission'],
  ])('refuses group %i with "%s"', (groupId, msg) => {
    expect(() => decide(groupId)).toThrow(refused(msg));
  });

  it('refuses a group already deactivated', () => {
    expect(() => decide(20, { groups: [aGroup({ deactivated: true })] })).toThrow(refused('User group is deactivated.'));
  });

  it('refuses guests and others without can_manage_group', () => {
    for (const role of [Role.ADMINISTRATOR, Role.MODERATOR, Role.MEMBER, Role.GUEST])
      expect(() => decide(20, { actor: asRole(role) })).toThrow(refused('Insufficient permission'));
  });

  it('lists what still uses the group: active supergroups, group settings, organization settings', () => {
    const groups = [
      aGroup(),
      aGroup({ groupId: 21, name: 'super', subgroupIds: [20] }),
      aGroup({ groupId: 22, name: 'old super', subgroupIds: [20], deactivated: true }),
      aGroup({
        groupId: 23,
        name: 'user',
        settings: { ...aGroup().settings, can_mention_group: 20, can_join_group: { directMembers: [], directSubgroups: [20] } },
      }),
    ];
    const realm = aRealm({
      settings: { ...DEFAULT_REALM_SETTINGS, groups: { ...DEFAULT_REALM_SETTINGS.groups, can_invite_users_group: 20 } },
    });
    expect(() => decide(20, { groups, realm })).toThrow(
      expect.objectContaining({
        code: 'CANNOT_DEACTIVATE_GROUP_IN_USE',
        msg: 'Cannot deactivate user group in use.',
        extra: {
          objections: [
            { type: 'subgroup', supergroup_ids: [21] },
            { type: 'user_group', group_id: 23, settings: ['can_join_group', 'can_mention_group'] },
            { type: 'realm', settings: ['can_invite_users_group'] },
          ],
        },
      }),
    );
  });
});
