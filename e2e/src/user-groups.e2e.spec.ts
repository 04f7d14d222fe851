import { Role } from '@zulip-es/contracts';
import {
  api,
  createGroup,
  createUser,
  getGroup,
  owner,
  SYSTEM_GROUP_IDS as SYS,
  systemInfo,
  uniqueGroupName,
  type TestUser,
} from '@zulip-es/testing';

const error = (msg: string, code = 'BAD_REQUEST') => ({ result: 'error', code, msg });
const ROLES = [Role.OWNER, Role.ADMINISTRATOR, Role.MODERATOR, Role.MEMBER, Role.GUEST] as const;

describe('POST /user_groups/create', () => {
  it('creates a group with members and subgroups, managed by its creator, and answers its id', async () => {
    const member = await createUser({ label: 'g-member' });
    const creator = await createUser({ label: 'g-creator' });
    const sub = await createGroup();
    const name = uniqueGroupName('created');
    const res = await api('POST', '/user_groups/create', {
      auth: creator,
      params: { name, description: 'Our team', members: [member.userId], subgroups: [sub] },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ result: 'success', msg: '', group_id: expect.any(Number) });
    const group = await getGroup(res.body.group_id as number);
    expect(group).toEqual({
      id: res.body.group_id,
      name,
      description: 'Our team',
      members: [member.userId],
      direct_subgroup_ids: [sub],
      creator_id: creator.userId,
      date_created: expect.any(Number),
      is_system_group: false,
      can_add_members_group: { direct_members: [creator.userId], direct_subgroups: [] },
      can_join_group: SYS.nobody,
      can_leave_group: SYS.everyone,
      can_manage_group: { direct_members: [creator.userId], direct_subgroups: [] },
      can_mention_group: SYS.everyone,
      can_remove_members_group: SYS.nobody,
      deactivated: false,
    });
    expect(Math.abs((group!.date_created as number) - Date.now() / 1000)).toBeLessThan(120);
  });

  it('gives increasing group ids after the eight system groups', async () => {
    const a = await createGroup();
    const b = await createGroup();
    expect(a).toBeGreaterThan(8);
    expect(b).toBeGreaterThan(a);
  });

  it('takes permission settings as a group id or as users and subgroups', async () => {
    const user = await createUser();
    const id = await createGroup({
      can_manage_group: SYS.moderators,
      can_mention_group: { direct_members: [user.userId], direct_subgroups: [SYS.administrators] },
      can_join_group: { direct_members: [], direct_subgroups: [SYS.members] },
    });
    expect(await getGroup(id)).toMatchObject({
      can_manage_group: SYS.moderators,
      can_mention_group: { direct_members: [user.userId], direct_subgroups: [SYS.administrators] },
      can_join_group: SYS.members,
    });
  });

  it.each(ROLES.filter((r) => r !== Role.GUEST))('lets a user of role %i create a group (members may, by default)', async (role) => {
    const user = await createUser({ role });
    const res = await api('POST', '/user_groups/create', { auth: user, params: { name: uniqueGroupName(), description: '', members: [] } });
    expect(res.body).toMatchObject({ result: 'success' });
    if (role === Role.OWNER) await api('PATCH', `/users/${user.userId}`, { auth: owner(), params: { role: Role.MEMBER } });
  });

  it('refuses guests', async () => {
    const guest = await createUser({ role: Role.GUEST });
    const res = await api('POST', '/user_groups/create', {
      auth: guest,
      params: { name: uniqueGroupName(), description: '', members: [] },
    });
    expect(res.body).toEqual(error('Not allowed for guest users'));
  });

  it.each<[string, Record<string, unknown>, ReturnType<typeof error> | ((ctx: { deactivated: TestUser }) => ReturnType<typeof error>)]>([
    ['an unknown member', { members: [99999999] }, error('Invalid user ID: 99999999')],
    ['a deactivated member', { members: 'deactivated' }, ({ deactivated }) => error(`Invalid user ID: ${deactivated.userId}`)],
    ['a blank name', { name: '   ' }, error("User group name can't be empty!")],
    ['a name too long', { name: 'x'.repeat(101) }, error('User group name cannot exceed 100 characters.')],
    ['a reserved prefix', { name: 'role:team' }, error("User group name cannot start with 'role:'.")],
    ['an unknown subgroup', { subgroups: [99999999] }, error('Invalid user group ID: 99999999')],
    ['an unknown setting group', { can_manage_group: 99999999 }, error('Invalid user group')],
    [
      '"everyone" managing the group',
      { can_manage_group: SYS.everyone },
      error("'can_manage_group' setting cannot be set to 'role:everyone' group."),
    ],
    [
      '"internet" mentioning the group',
      { can_mention_group: SYS.internet },
      error("'can_mention_group' setting cannot be set to 'role:internet' group."),
    ],
    [
      'an unknown user in a setting',
      { can_add_members_group: { direct_members: [99999999], direct_subgroups: [] } },
      error('Invalid user ID: 99999999'),
    ],
    [
      'a setting object with an extra key',
      { can_add_members_group: { direct_members: [], direct_subgroups: [], x: 1 } },
      error('Argument "x" at can_add_members_group is unexpected'),
    ],
    ['members that are not a list', { members: 5 }, error('members is not a list')],
  ])('refuses %s and creates nothing', async (_what, params, expected) => {
    const deactivated = await createUser({ label: 'gone' });
    await api('DELETE', `/users/${deactivated.userId}`, { auth: owner() });
    const name = uniqueGroupName('refused');
    const sent: Record<string, unknown> = { name, description: '', members: [], ...params };
    if (sent.members === 'deactivated') sent.members = [deactivated.userId];
    const res = await api('POST', '/user_groups/create', { auth: owner(), params: sent });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(typeof expected === 'function' ? expected({ deactivated }) : expected);
    const all = await api('GET', '/user_groups', { auth: owner(), params: { include_deactivated_groups: true } });
    expect((all.body.user_groups as { name: string }[]).some((g) => g.name === sent.name)).toBe(false);
  });

  it('refuses a name already taken, even by a deactivated group', async () => {
    const name = uniqueGroupName('taken');
    const id = await createGroup({ name });
    await api('POST', `/user_groups/${id}/deactivate`, { auth: owner() });
    const res = await api('POST', '/user_groups/create', { auth: owner(), params: { name, description: '', members: [] } });
    expect(res.body).toEqual(error(`User group '${name}' already exists.`));
  });

  it('requires name, description and members', async () => {
    const res = await api('POST', '/user_groups/create', { auth: owner(), params: { name: uniqueGroupName(), description: '' } });
    expect(res.body).toEqual({ ...error("Missing 'members' argument", 'REQUEST_VARIABLE_MISSING'), var_name: 'members' });
  });

  it("follows the organization's can_create_groups setting", async () => {
    const member = await createUser();
    const moderator = await createUser({ role: Role.MODERATOR });
    const set = await api('PATCH', '/realm', { auth: owner(), params: { can_create_groups: { new: SYS.moderators } } });
    expect(set.body).toMatchObject({ result: 'success' });
    try {
      const refused = await api('POST', '/user_groups/create', {
        auth: member,
        params: { name: uniqueGroupName(), description: '', members: [] },
      });
      expect(refused.body).toEqual(error('Insufficient permission'));
      const allowed = await api('POST', '/user_groups/create', {
        auth: moderator,
        params: { name: uniqueGroupName(), description: '', members: [] },
      });
      expect(allowed.body).toMatchObject({ result: 'success' });
    } finally {
      await api('PATCH', '/realm', { auth: owner(), params: { can_create_groups: { new: SYS.members } } });
    }
  });
});

describe('GET /user_groups', () => {
  it('lists the eight role-based system groups with members derived from roles', async () => {
    const admin = await createUser({ role: Role.ADMINISTRATOR });
    const guest = await createUser({ role: Role.GUEST });
    const res = await api('GET', '/user_groups', { auth: admin });
    const groups = res.body.user_groups as Record<string, unknown>[];
    const system = groups.filter((g) => g.is_system_group);
    expect(system.map((g) => [g.id, g.name, g.direct_subgroup_ids])).toEqual([
      [1, 'role:nobody', []],
      [2, 'role:owners', []],
      [3, 'role:administrators', [2]],
      [4, 'role:moderators', [3]],
      [5, 'role:fullmembers', [4]],
      [6, 'role:members', [5]],
      [7, 'role:everyone', [6]],
      [8, 'role:internet', [7]],
    ]);
    const byName = (name: string) => system.find((g) => g.name === name)!;
    expect(byName('role:owners').members).toContain(systemInfo().owner.userId);
    expect(byName('role:administrators').members).toContain(admin.userId);
    expect(byName('role:administrators').members).not.toContain(systemInfo().owner.userId);
    expect(byName('role:everyone').members).toContain(guest.userId);
    expect(byName('role:members').members).not.toContain(guest.userId);
    expect(byName('role:owners')).toMatchObject({
      creator_id: null,
      date_created: null,
      description: 'Owners of this organization',
      can_manage_group: SYS.nobody,
      deactivated: false,
    });
  });

  it('follows role changes and deactivations at once', async () => {
    const user = await createUser();
    await api('PATCH', `/users/${user.userId}`, { auth: owner(), params: { role: Role.MODERATOR } });
    const isIn = async (groupId: number, direct: boolean) =>
      (await api('GET', `/user_groups/${groupId}/members/${user.userId}`, { auth: owner(), params: { direct_member_only: direct } })).body
        .is_user_group_member;
    expect(await isIn(SYS.moderators, true)).toBe(true);
    expect(await isIn(SYS.members, false)).toBe(true);
    expect(await isIn(SYS.members, true)).toBe(false);
    expect(await isIn(SYS.administrators, false)).toBe(false);
    await api('DELETE', `/users/${user.userId}`, { auth: owner() });
    const members = await api('GET', `/user_groups/${SYS.moderators}/members`, { auth: owner() });
    expect(members.body.members).not.toContain(user.userId);
  });

  it('leaves deactivated groups out unless asked', async () => {
    const id = await createGroup();
    await api('POST', `/user_groups/${id}/deactivate`, { auth: owner() });
    const without = await api('GET', '/user_groups', { auth: owner() });
    expect((without.body.user_groups as { id: number }[]).some((g) => g.id === id)).toBe(false);
    expect(await getGroup(id)).toMatchObject({ id, deactivated: true });
  });

  it.each(ROLES.filter((r) => r !== Role.GUEST && r !== Role.OWNER))('answers a user of role %i', async (role) => {
    const user = await createUser({ role });
    expect((await api('GET', '/user_groups', { auth: user })).status).toBe(200);
  });

  it('refuses guests', async () => {
    const guest = await createUser({ role: Role.GUEST });
    expect((await api('GET', '/user_groups', { auth: guest })).body).toEqual(error('Not allowed for guest users'));
  });
});

describe('PATCH /user_groups/{user_group_id}', () => {
  it("changes name, description and settings for the group's manager", async () => {
    const creator = await createUser({ label: 'manager' });
    const id = await createGroup({}, creator);
    const name = uniqueGroupName('renamed');
    const res = await api('PATCH', `/user_groups/${id}`, {
      auth: creator,
      params: { name, description: 'New words', can_mention_group: { new: SYS.members, old: SYS.everyone } },
    });
    expect(res.body).toEqual({ result: 'success', msg: '' });
    expect(await getGroup(id)).toMatchObject({ name, description: 'New words', can_mention_group: SYS.members });
  });

  it.each<[string, Role | 'creator', boolean]>([
    ['the owner (can_manage_all_groups)', Role.OWNER, true],
    ['the creator', 'creator', true],
    ['another administrator', Role.ADMINISTRATOR, false],
    ['a moderator', Role.MODERATOR, false],
    ['a member', Role.MEMBER, false],
  ])('role matrix: %s may manage: %s', async (_who, who, allowed) => {
    const creator = await createUser();
    const id = await createGroup({}, creator);
    const actor = who === 'creator' ? creator : who === Role.OWNER ? owner() : await createUser({ role: who });
    const res = await api('PATCH', `/user_groups/${id}`, { auth: actor, params: { description: 'changed' } });
    expect(res.body).toEqual(allowed ? { result: 'success', msg: '' } : error('Insufficient permission'));
    expect((await getGroup(id))!.description).toBe(allowed ? 'changed' : 'A test group');
  });

  it('refuses guests', async () => {
    const guest = await createUser({ role: Role.GUEST });
    const id = await createGroup({ can_manage_group: { direct_members: [guest.userId], direct_subgroups: [] } });
    expect((await api('PATCH', `/user_groups/${id}`, { auth: guest, params: { description: 'x' } })).body).toEqual(
      error('Not allowed for guest users'),
    );
  });

  it('reactivates a deactivated group with deactivated=false', async () => {
    const id = await createGroup();
    await api('POST', `/user_groups/${id}/deactivate`, { auth: owner() });
    const res = await api('PATCH', `/user_groups/${id}`, { auth: owner(), params: { deactivated: false } });
    expect(res.body).toEqual({ result: 'success', msg: '' });
    expect((await getGroup(id))!.deactivated).toBe(false);
  });

  it.each<
    [
      string,
      (id: number, taken: string) => [number, Record<string, unknown>],
      ReturnType<typeof error> | ((taken: string) => ReturnType<typeof error>),
    ]
  >([
    ['no change at all', (id) => [id, {}], error('No new data supplied')],
    ['an unknown group', () => [99999999, { name: 'x' }], error('Invalid user group')],
    ['a system group', () => [SYS.moderators, { description: 'x' }], error('Insufficient permission')],
    ['a taken name', (id, taken) => [id, { name: taken }], (taken) => error(`User group '${taken}' already exists.`)],
    ['a blank name', (id) => [id, { name: '' }], error("User group name can't be empty!")],
    [
      'a stale old value',
      (id) => [id, { can_join_group: { new: SYS.members, old: SYS.moderators } }],
      error("'old' value does not match the expected value.", 'EXPECTATION_MISMATCH'),
    ],
    ['an unknown setting group', (id) => [id, { can_join_group: { new: 99999999 } }], error('Invalid user group')],
  ])('refuses %s and changes nothing', async (_what, request, expected) => {
    const taken = uniqueGroupName('taken');
    await createGroup({ name: taken });
    const id = await createGroup();
    const before = await getGroup(id);
    const [target, params] = request(id, taken);
    const res = await api('PATCH', `/user_groups/${target}`, { auth: owner(), params });
    expect(res.body).toEqual(typeof expected === 'function' ? expected(taken) : expected);
    expect(await getGroup(id)).toEqual(before);
  });

  it('refuses a deactivated group as a setting value', async () => {
    const gone = await createGroup();
    await api('POST', `/user_groups/${gone}/deactivate`, { auth: owner() });
    const id = await createGroup();
    const res = await api('PATCH', `/user_groups/${id}`, { auth: owner(), params: { can_join_group: { new: gone } } });
    expect(res.body).toEqual(error('User group is deactivated.'));
  });
});

describe('POST /user_groups/{user_group_id}/members', () => {
  it('adds before it deletes, and deletes, in one request', async () => {
    const [a, b] = [await createUser(), await createUser()];
    const id = await createGroup({ members: [a.userId] });
    const res = await api('POST', `/user_groups/${id}/members`, { auth: owner(), params: { add: [b.userId], delete: [a.userId] } });
    expect(res.body).toEqual({ result: 'success', msg: '' });
    expect((await getGroup(id))!.members).toEqual([b.userId]);
  });

  it('adds and removes subgroups too', async () => {
    const [sub1, sub2] = [await createGroup(), await createGroup()];
    const id = await createGroup({ subgroups: [sub1] });
    const res = await api('POST', `/user_groups/${id}/members`, {
      auth: owner(),
      params: { add_subgroups: [sub2], delete_subgroups: [sub1] },
    });
    expect(res.body).toMatchObject({ result: 'success' });
    expect((await getGroup(id))!.direct_subgroup_ids).toEqual([sub2]);
  });

  it('changes a deactivated group', async () => {
    const user = await createUser();
    const id = await createGroup();
    await api('POST', `/user_groups/${id}/deactivate`, { auth: owner() });
    expect((await api('POST', `/user_groups/${id}/members`, { auth: owner(), params: { add: [user.userId] } })).body).toMatchObject({
      result: 'success',
    });
  });

  it('lets a user join through can_join_group, but not add others', async () => {
    const [joiner, other] = [await createUser(), await createUser()];
    const id = await createGroup({ can_join_group: SYS.members });
    expect((await api('POST', `/user_groups/${id}/members`, { auth: joiner, params: { add: [joiner.userId] } })).body).toMatchObject({
      result: 'success',
    });
    expect((await api('POST', `/user_groups/${id}/members`, { auth: joiner, params: { add: [other.userId] } })).body).toEqual(
      error('Insufficient permission'),
    );
    expect((await getGroup(id))!.members).toEqual([joiner.userId]);
  });

  it.each<[string, Role, boolean]>([
    ['owner', Role.OWNER, true],
    ['administrator', Role.ADMINISTRATOR, false],
    ['moderator', Role.MODERATOR, false],
    ['member', Role.MEMBER, false],
  ])('role matrix: the %s may add members to a group they do not manage: %s', async (_name, role, allowed) => {
    const target = await createUser();
    const id = await createGroup({}, await createUser());
    const actor = role === Role.OWNER ? owner() : await createUser({ role });
    const res = await api('POST', `/user_groups/${id}/members`, { auth: actor, params: { add: [target.userId] } });
    expect(res.body).toEqual(allowed ? { result: 'success', msg: '' } : error('Insufficient permission'));
  });

  it('refuses guests', async () => {
    const guest = await createUser({ role: Role.GUEST });
    expect((await api('POST', `/user_groups/${SYS.members}/members`, { auth: guest, params: { add: [guest.userId] } })).body).toEqual(
      error('Not allowed for guest users'),
    );
  });

  it.each<
    [
      string,
      (ids: { id: number; member: number; outsider: number }) => [number, Record<string, unknown>],
      (ids: { member: number; outsider: number }) => ReturnType<typeof error>,
    ]
  >([
    [
      'nothing to do',
      ({ id }) => [id, {}],
      () => error('Nothing to do. Specify at least one of "add", "delete", "add_subgroups" or "delete_subgroups".'),
    ],
    [
      'an existing member',
      ({ id, member }) => [id, { add: [member] }],
      ({ member }) => error(`User ${member} is already a member of this group`),
    ],
    [
      'removing a non-member',
      ({ id, outsider }) => [id, { delete: [outsider] }],
      ({ outsider }) => error(`There is no member '${outsider}' in this user group`),
    ],
    ['an unknown user', ({ id }) => [id, { add: [99999999] }], () => error('Invalid user ID: 99999999')],
    ['an unknown group', () => [99999999, { add: [1] }], () => error('Invalid user group')],
    ['a system group', ({ outsider }) => [SYS.moderators, { add: [outsider] }], () => error('Insufficient permission')],
    [
      'a later part failing',
      ({ id, outsider }) => [id, { add: [outsider], delete_subgroups: [99999999] }],
      () => error('Invalid user group ID: 99999999'),
    ],
  ])('refuses %s and changes nothing', async (_what, request, expected) => {
    const [member, outsider] = [await createUser(), await createUser()];
    const id = await createGroup({ members: [member.userId] });
    const before = await getGroup(id);
    const [target, params] = request({ id, member: member.userId, outsider: outsider.userId });
    const res = await api('POST', `/user_groups/${target}/members`, { auth: owner(), params });
    expect(res.body).toEqual(expected({ member: member.userId, outsider: outsider.userId }));
    expect(await getGroup(id)).toEqual(before);
  });
});

describe('POST /user_groups/{user_group_id}/subgroups (E14)', () => {
  it('adds before it deletes, in one request', async () => {
    const [old, fresh] = [await createGroup(), await createGroup()];
    const id = await createGroup({ subgroups: [old] });
    const res = await api('POST', `/user_groups/${id}/subgroups`, { auth: owner(), params: { add: [fresh], delete: [old] } });
    expect(res.body).toEqual({ result: 'success', msg: '' });
    expect((await getGroup(id))!.direct_subgroup_ids).toEqual([fresh]);
  });

  it('can add and then delete the same subgroup in one request', async () => {
    const sub = await createGroup();
    const id = await createGroup();
    const res = await api('POST', `/user_groups/${id}/subgroups`, { auth: owner(), params: { add: [sub], delete: [sub] } });
    expect(res.body).toMatchObject({ result: 'success' });
    expect((await getGroup(id))!.direct_subgroup_ids).toEqual([]);
  });

  it('changes the subgroups of a deactivated supergroup (feature level 391)', async () => {
    const sub = await createGroup();
    const id = await createGroup();
    await api('POST', `/user_groups/${id}/deactivate`, { auth: owner() });
    expect((await api('POST', `/user_groups/${id}/subgroups`, { auth: owner(), params: { add: [sub] } })).body).toMatchObject({
      result: 'success',
    });
    expect((await getGroup(id))!.direct_subgroup_ids).toEqual([sub]);
  });

  it('lets can_add_members_group add subgroups but only can_manage_group delete them', async () => {
    const adder = await createUser();
    const [sub, other] = [await createGroup(), await createGroup()];
    const id = await createGroup({ subgroups: [other], can_add_members_group: { direct_members: [adder.userId], direct_subgroups: [] } });
    expect((await api('POST', `/user_groups/${id}/subgroups`, { auth: adder, params: { add: [sub] } })).body).toMatchObject({
      result: 'success',
    });
    expect((await api('POST', `/user_groups/${id}/subgroups`, { auth: adder, params: { delete: [other] } })).body).toEqual(
      error('Insufficient permission'),
    );
  });

  it.each<[string, Role, boolean]>([
    ['owner', Role.OWNER, true],
    ['administrator', Role.ADMINISTRATOR, false],
    ['moderator', Role.MODERATOR, false],
    ['member', Role.MEMBER, false],
  ])('role matrix: the %s may change subgroups of a group they do not manage: %s', async (_name, role, allowed) => {
    const sub = await createGroup();
    const id = await createGroup({}, await createUser());
    const actor = role === Role.OWNER ? owner() : await createUser({ role });
    const res = await api('POST', `/user_groups/${id}/subgroups`, { auth: actor, params: { add: [sub] } });
    expect(res.body).toEqual(allowed ? { result: 'success', msg: '' } : error('Insufficient permission'));
  });

  it('refuses guests', async () => {
    const guest = await createUser({ role: Role.GUEST });
    const id = await createGroup({ can_manage_group: { direct_members: [guest.userId], direct_subgroups: [] } });
    expect((await api('POST', `/user_groups/${id}/subgroups`, { auth: guest, params: { add: [SYS.members] } })).body).toEqual(
      error('Not allowed for guest users'),
    );
  });

  it.each<
    [
      string,
      (g: { id: number; sub: number; free: number; gone: number; parent: number }) => [number, Record<string, unknown>],
      (g: Record<string, number>) => ReturnType<typeof error>,
    ]
  >([
    ['nothing to do', ({ id }) => [id, { add: [], delete: [] }], () => error('Nothing to do. Specify at least one of "add" or "delete".')],
    ['an unknown subgroup', ({ id }) => [id, { add: [99999999] }], () => error('Invalid user group ID: 99999999')],
    ['an unknown supergroup', ({ free }) => [99999999, { add: [free] }], () => error('Invalid user group')],
    ['a system supergroup', ({ free }) => [SYS.members, { add: [free] }], () => error('Insufficient permission')],
    ['a deactivated subgroup', ({ id, gone }) => [id, { add: [gone] }], () => error('User group is deactivated.')],
    [
      'an existing subgroup',
      ({ id, sub }) => [id, { add: [sub] }],
      ({ sub }) => error(`User group ${sub} is already a subgroup of this group.`),
    ],
    [
      'a cycle',
      ({ id, parent }) => [id, { add: [parent] }],
      ({ id }) => error(`User group ${id} is already a subgroup of one of the passed subgroups.`),
    ],
    [
      'the group inside itself',
      ({ id }) => [id, { add: [id] }],
      ({ id }) => error(`User group ${id} is already a subgroup of one of the passed subgroups.`),
    ],
    [
      'deleting a non-subgroup',
      ({ id, free }) => [id, { delete: [free] }],
      ({ free }) => error(`User group ${free} is not a subgroup of this group.`),
    ],
    [
      'a failing delete after a good add',
      ({ id, free }) => [id, { add: [free], delete: [99999999] }],
      () => error('Invalid user group ID: 99999999'),
    ],
  ])('refuses %s and changes nothing', async (_what, request, expected) => {
    const [sub, free, gone] = [await createGroup(), await createGroup(), await createGroup()];
    await api('POST', `/user_groups/${gone}/deactivate`, { auth: owner() });
    const id = await createGroup({ subgroups: [sub] });
    const parent = await createGroup({ subgroups: [id] });
    const before = await getGroup(id);
    const [target, params] = request({ id, sub, free, gone, parent });
    const res = await api('POST', `/user_groups/${target}/subgroups`, { auth: owner(), params });
    expect(res.body).toEqual(expected({ id, sub, free, gone }));
    expect(await getGroup(id)).toEqual(before);
  });
});

describe('GET /user_groups/{user_group_id}/members/{user_id}', () => {
  it('counts membership through subgroups unless direct_member_only', async () => {
    const user = await createUser();
    const inner = await createGroup({ members: [user.userId] });
    const middle = await createGroup({ subgroups: [inner] });
    const outer = await createGroup({ subgroups: [middle] });
    const ask = async (group: number, direct?: boolean) =>
      (
        await api('GET', `/user_groups/${group}/members/${user.userId}`, {
          auth: owner(),
          params: direct === undefined ? {} : { direct_member_only: direct },
        })
      ).body;
    expect(await ask(outer)).toEqual({ result: 'success', msg: '', is_user_group_member: true });
    expect((await ask(outer, true)).is_user_group_member).toBe(false);
    expect((await ask(inner, true)).is_user_group_member).toBe(true);
  });

  it.each<[string, () => Promise<string>, ReturnType<typeof error>]>([
    ['an unknown user', async () => `/user_groups/${SYS.members}/members/99999999`, error('No such user')],
    ['an unknown group', async () => `/user_groups/99999999/members/${systemInfo().owner.userId}`, error('Invalid user group')],
    [
      'a deactivated group',
      async () => {
        const id = await createGroup();
        await api('POST', `/user_groups/${id}/deactivate`, { auth: owner() });
        return `/user_groups/${id}/members/${systemInfo().owner.userId}`;
      },
      error('User group is deactivated.'),
    ],
  ])('refuses %s', async (_what, path, expected) => {
    expect((await api('GET', await path(), { auth: owner() })).body).toEqual(expected);
  });

  it('refuses guests', async () => {
    const guest = await createUser({ role: Role.GUEST });
    expect((await api('GET', `/user_groups/${SYS.everyone}/members/${guest.userId}`, { auth: guest })).body).toEqual(
      error('Not allowed for guest users'),
    );
  });
});

describe('GET /user_groups/{user_group_id}/members and /subgroups', () => {
  it('lists members and subgroups, recursively or directly', async () => {
    const [a, b] = [await createUser(), await createUser()];
    const inner = await createGroup({ members: [a.userId] });
    const outer = await createGroup({ members: [b.userId], subgroups: [inner] });
    const parent = await createGroup({ subgroups: [outer] });
    expect((await api('GET', `/user_groups/${outer}/members`, { auth: owner() })).body).toEqual({
      result: 'success',
      msg: '',
      members: [a.userId, b.userId].sort((x, y) => x - y),
    });
    expect(
      (await api('GET', `/user_groups/${outer}/members`, { auth: owner(), params: { direct_member_only: true } })).body.members,
    ).toEqual([b.userId]);
    expect((await api('GET', `/user_groups/${parent}/subgroups`, { auth: owner() })).body).toEqual({
      result: 'success',
      msg: '',
      subgroups: [inner, outer],
    });
    expect(
      (await api('GET', `/user_groups/${parent}/subgroups`, { auth: owner(), params: { direct_subgroup_only: true } })).body.subgroups,
    ).toEqual([outer]);
  });

  it('refuses an unknown group', async () => {
    expect((await api('GET', '/user_groups/99999999/subgroups', { auth: owner() })).body).toEqual(error('Invalid user group'));
  });
});

describe('POST /user_groups/{user_group_id}/deactivate', () => {
  it('deactivates a group its manager manages', async () => {
    const creator = await createUser();
    const id = await createGroup({}, creator);
    expect((await api('POST', `/user_groups/${id}/deactivate`, { auth: creator })).body).toEqual({ result: 'success', msg: '' });
    expect((await getGroup(id))!.deactivated).toBe(true);
  });

  it.each<[string, Role, boolean]>([
    ['owner', Role.OWNER, true],
    ['administrator', Role.ADMINISTRATOR, false],
    ['moderator', Role.MODERATOR, false],
    ['member', Role.MEMBER, false],
    ['guest', Role.GUEST, false],
  ])('role matrix: the %s may deactivate a group they do not manage: %s', async (_name, role, allowed) => {
    const id = await createGroup({}, await createUser());
    const actor = role === Role.OWNER ? owner() : await createUser({ role });
    const res = await api('POST', `/user_groups/${id}/deactivate`, { auth: actor });
    expect(res.body).toEqual(allowed ? { result: 'success', msg: '' } : error('Insufficient permission'));
    expect((await getGroup(id))!.deactivated).toBe(allowed);
  });

  it('refuses a group in use, listing the objections', async () => {
    const used = await createGroup();
    const supergroup = await createGroup({ subgroups: [used] });
    const dependent = await createGroup({ can_mention_group: used });
    const res = await api('POST', `/user_groups/${used}/deactivate`, { auth: owner() });
    expect(res.body).toEqual({
      ...error('Cannot deactivate user group in use.', 'CANNOT_DEACTIVATE_GROUP_IN_USE'),
      objections: [
        { type: 'subgroup', supergroup_ids: [supergroup] },
        { type: 'user_group', group_id: dependent, settings: ['can_mention_group'] },
      ],
    });
    expect((await getGroup(used))!.deactivated).toBe(false);
  });

  it.each<[string, () => Promise<number>, ReturnType<typeof error>]>([
    ['an unknown group', async () => 99999999, error('Invalid user group')],
    ['a system group', async () => SYS.moderators, error('Insufficient permission')],
    [
      'a deactivated group',
      async () => {
        const id = await createGroup();
        await api('POST', `/user_groups/${id}/deactivate`, { auth: owner() });
        return id;
      },
      error('User group is deactivated.'),
    ],
  ])('refuses %s', async (_what, target, expected) => {
    expect((await api('POST', `/user_groups/${await target()}/deactivate`, { auth: owner() })).body).toEqual(expected);
  });
});

describe('POST /register realm_user_groups', () => {
  it('sends the groups shaped as GET /user_groups, deactivated ones only with the capability', async () => {
    const id = await createGroup();
    const gone = await createGroup();
    await api('POST', `/user_groups/${gone}/deactivate`, { auth: owner() });
    const plain = await api('POST', '/register', { auth: owner(), params: { fetch_event_types: ['realm_user_groups'] } });
    const groups = plain.body.realm_user_groups as { id: number }[];
    expect(groups.find((g) => g.id === id)).toEqual(await getGroup(id));
    expect(groups.some((g) => g.id === gone)).toBe(false);
    const withDeactivated = await api('POST', '/register', {
      auth: owner(),
      params: { fetch_event_types: ['realm_user_groups'], client_capabilities: { include_deactivated_groups: true } },
    });
    expect((withDeactivated.body.realm_user_groups as { id: number }[]).some((g) => g.id === gone)).toBe(true);
    expect(plain.body).not.toHaveProperty('realm_name');
  });
});
