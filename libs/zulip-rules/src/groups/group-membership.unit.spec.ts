import { Role } from '@zulip-es/contracts';
import { aGroup, membershipWith, U } from '../testing/groups.fixtures';
import { hasPermissionForGroupSetting, isGroupMember, type GroupsById } from './group-membership';
import { SystemGroup, systemGroupId } from './system-groups';

const id = systemGroupId;

describe('group membership', () => {
  it.each([
    [SystemGroup.NOBODY, []],
    [SystemGroup.OWNERS, [1]],
    [SystemGroup.ADMINISTRATORS, [1, 2]],
    [SystemGroup.MODERATORS, [1, 2, 3]],
    [SystemGroup.FULL_MEMBERS, [1, 2, 3, 4]],
    [SystemGroup.MEMBERS, [1, 2, 3, 4]],
    [SystemGroup.EVERYONE, [1, 2, 3, 4, 5]],
    [SystemGroup.INTERNET, [1, 2, 3, 4, 5]],
  ])('derives %s from roles and the subgroup chain: %j', (name, members) => {
    expect(membershipWith().members(id(name))).toEqual(members);
  });

  it('takes direct members of a system group from roles only', () => {
    const m = membershipWith();
    expect(m.directMembers(id(SystemGroup.ADMINISTRATORS))).toEqual([2]);
    expect(m.directSubgroups(id(SystemGroup.ADMINISTRATORS))).toEqual([id(SystemGroup.OWNERS)]);
    expect(m.isMember(1, id(SystemGroup.ADMINISTRATORS), { directOnly: true })).toBe(false);
    expect(m.isMember(1, id(SystemGroup.ADMINISTRATORS))).toBe(true);
  });

  it('resolves membership through nested subgroups, recursively', () => {
    const inner = aGroup({ groupId: 21, memberIds: [4] });
    const middle = aGroup({ groupId: 22, subgroupIds: [21] });
    const outer = aGroup({ groupId: 23, memberIds: [5], subgroupIds: [22] });
    const m = membershipWith([inner, middle, outer]);
    expect(m.members(23)).toEqual([4, 5]);
    expect(m.isMember(4, 23)).toBe(true);
    expect(m.isMember(4, 23, { directOnly: true })).toBe(false);
    expect(m.isMember(5, 23, { directOnly: true })).toBe(true);
    expect(m.recursiveSubgroups(23)).toEqual([21, 22]);
  });

  it('counts deactivated users nowhere, though they stay listed', () => {
    const m = membershipWith([aGroup({ memberIds: [4, 6] })]);
    expect(m.members(20)).toEqual([4]);
    expect(m.isMember(6, 20)).toBe(false);
    expect(m.isMember(6, id(SystemGroup.MEMBERS))).toBe(false);
    expect(m.isInSettingValue(6, { directMembers: [6], directSubgroups: [] })).toBe(false);
  });

  it('answers for a group id and for an anonymous value of users and subgroups', () => {
    const m = membershipWith([aGroup({ memberIds: [5] })]);
    expect(m.isInSettingValue(3, id(SystemGroup.MODERATORS))).toBe(true);
    expect(m.isInSettingValue(4, id(SystemGroup.MODERATORS))).toBe(false);
    const value = { directMembers: [4], directSubgroups: [20] };
    expect([1, 2, 3, 4, 5].map((u) => m.isInSettingValue(u, value))).toEqual([false, false, false, true, true]);
  });

  it('keeps guests out of settings that may not be "everyone", whatever the value', () => {
    const m = membershipWith();
    const guest = { userId: 5, role: Role.GUEST };
    expect(m.hasPermission(guest, id(SystemGroup.EVERYONE), { allowEveryoneGroup: true })).toBe(true);
    expect(m.hasPermission(guest, id(SystemGroup.EVERYONE), { allowEveryoneGroup: false })).toBe(false);
    expect(m.hasPermission({ userId: 4, role: Role.MEMBER }, id(SystemGroup.MEMBERS), { allowEveryoneGroup: false })).toBe(true);
  });

  it('knows nothing of unknown groups and survives a cycle', () => {
    const a = aGroup({ groupId: 30, memberIds: [4], subgroupIds: [31] });
    const b = aGroup({ groupId: 31, memberIds: [3], subgroupIds: [30] });
    const m = membershipWith([a, b]);
    expect(m.members(99)).toEqual([]);
    expect(m.isMember(4, 99)).toBe(false);
    expect(m.isMember(4, 99, { directOnly: true })).toBe(false);
    expect(m.members(30)).toEqual([3, 4]);
    expect(m.isMember(2, 30)).toBe(false);
  });
});

describe('group membership over groups kept elsewhere', () => {
  const groups: GroupsById = new Map([
    [id(SystemGroup.ADMINISTRATORS), { isSystemGroup: true, memberIds: new Set<number>(), subgroupIds: new Set([id(SystemGroup.OWNERS)]) }],
    [id(SystemGroup.OWNERS), { isSystemGroup: true, memberIds: new Set<number>(), subgroupIds: new Set<number>() }],
    [20, { isSystemGroup: false, memberIds: new Set([U.member, U.guest]), subgroupIds: new Set([id(SystemGroup.ADMINISTRATORS)]) }],
  ]);

  it('resolves members, roles and subgroups as the organization-wide membership does', () => {
    expect(isGroupMember(groups, { userId: U.owner, role: Role.OWNER }, 20)).toBe(true);
    expect(isGroupMember(groups, { userId: U.member, role: Role.MEMBER }, 20)).toBe(true);
    expect(isGroupMember(groups, { userId: U.moderator, role: Role.MODERATOR }, 20)).toBe(false);
  });

  it('keeps guests out of settings that may not be "everyone"', () => {
    const guest = { userId: U.guest, role: Role.GUEST };
    expect(hasPermissionForGroupSetting(groups, guest, 20, { allowEveryoneGroup: true })).toBe(true);
    expect(hasPermissionForGroupSetting(groups, guest, 20, { allowEveryoneGroup: false })).toBe(false);
    expect(
      hasPermissionForGroupSetting(groups, guest, { directMembers: [U.guest], directSubgroups: [] }, { allowEveryoneGroup: true }),
    ).toBe(true);
  });
});
