import { Role } from '@zulip-es/contracts';
import { api, createGroup, createUser, owner, SYSTEM_GROUP_IDS as SYS, type Credentials } from '@zulip-es/testing';

const error = (msg: string, code = 'BAD_REQUEST') => ({ result: 'error', code, msg });
const realmState = async (auth: Credentials = owner()) =>
  (await api('POST', '/register', { auth, params: { fetch_event_types: ['realm'] } })).body;

/**
 * The organization is shared by every test file running alongside: these tests change only
 * settings nobody else relies on, or change a permission to a value granting exactly the same
 * users (an anonymous value adding a user the default already includes), and restore them.
 */
describe('PATCH /realm', () => {
  it("shows Zulip's defaults in POST /register", async () => {
    expect(await realmState()).toMatchObject({
      realm_can_add_subscribers_group: SYS.members,
      realm_can_create_groups: SYS.members,
      realm_can_create_private_channel_group: SYS.members,
      realm_can_create_public_channel_group: SYS.members,
      realm_can_invite_users_group: SYS.members,
      realm_can_manage_all_groups: SYS.owners,
      realm_can_mention_many_users_group: SYS.administrators,
      realm_can_move_messages_between_channels_group: SYS.members,
      realm_can_move_messages_between_topics_group: SYS.everyone,
    });
  });

  it('changes the description and answers it as "updated"; an unchanged value is not listed', async () => {
    const before = await realmState();
    try {
      const res = await api('PATCH', '/realm', {
        auth: owner(),
        params: { description: 'About this test organization', allow_message_editing: before.realm_allow_message_editing },
      });
      expect(res.body).toEqual({ result: 'success', msg: '', description: 'updated' });
      expect((await realmState()).realm_description).toBe('About this test organization');
    } finally {
      await api('PATCH', '/realm', { auth: owner(), params: { description: before.realm_description } });
    }
  });

  // Json[int | str], as in Zulip: the word travels JSON-encoded (`"unlimited"`, with the quotes).
  it('takes "unlimited" for a time limit, shown as null', async () => {
    const before = await realmState();
    try {
      const res = await api('PATCH', '/realm', { auth: owner(), params: { move_messages_between_streams_limit_seconds: '"unlimited"' } });
      expect(res.body).toEqual({ result: 'success', msg: '', move_messages_between_streams_limit_seconds: null });
      expect((await realmState()).realm_move_messages_between_streams_limit_seconds).toBeNull();
    } finally {
      await api('PATCH', '/realm', {
        auth: owner(),
        params: { move_messages_between_streams_limit_seconds: before.realm_move_messages_between_streams_limit_seconds ?? '"unlimited"' },
      });
    }
  });

  it('sets a group setting to users plus groups, read back in POST /register', async () => {
    const user = await createUser();
    const equivalent = { direct_members: [user.userId], direct_subgroups: [SYS.members] };
    try {
      const res = await api('PATCH', '/realm', {
        auth: owner(),
        params: { can_add_subscribers_group: { new: equivalent, old: SYS.members } },
      });
      expect(res.body).toEqual({ result: 'success', msg: '', can_add_subscribers_group: equivalent });
      expect((await realmState(user)).realm_can_add_subscribers_group).toEqual(equivalent);
    } finally {
      await api('PATCH', '/realm', { auth: owner(), params: { can_add_subscribers_group: { new: SYS.members } } });
    }
  });

  it.each<[string, Role, Record<string, unknown>, ReturnType<typeof error> | 'ok']>([
    [
      "an administrator changes an administrators' setting",
      Role.ADMINISTRATOR,
      { can_create_public_channel_group: { new: SYS.members } },
      'ok',
    ],
    [
      "an administrator changes an owners' setting",
      Role.ADMINISTRATOR,
      { can_invite_users_group: { new: SYS.members } },
      error('Must be an organization owner', 'UNAUTHORIZED_PRINCIPAL'),
    ],
    ['a moderator', Role.MODERATOR, { description: 'x' }, error('Must be an organization administrator', 'UNAUTHORIZED_PRINCIPAL')],
    ['a member', Role.MEMBER, { description: 'x' }, error('Must be an organization administrator', 'UNAUTHORIZED_PRINCIPAL')],
    ['a guest', Role.GUEST, { description: 'x' }, error('Must be an organization administrator', 'UNAUTHORIZED_PRINCIPAL')],
  ])('role matrix: %s', async (_what, role, params, expected) => {
    const user = await createUser({ role });
    const res = await api('PATCH', '/realm', { auth: user, params });
    expect(res.body).toEqual(expected === 'ok' ? { result: 'success', msg: '' } : expected);
  });

  it("lets the owner change an owners' setting", async () => {
    const res = await api('PATCH', '/realm', { auth: owner(), params: { can_manage_all_groups: { new: SYS.owners } } });
    expect(res.body).toEqual({ result: 'success', msg: '' });
  });

  it.each<[string, Record<string, unknown>, ReturnType<typeof error>]>([
    ['a zero time limit', { message_content_edit_limit_seconds: 0 }, error("Bad value for 'message_content_edit_limit_seconds': 0")],
    [
      'a word for a time limit',
      { message_content_edit_limit_seconds: '"forever"' },
      error("Bad value for 'message_content_edit_limit_seconds': forever"),
    ],
    [
      'a word not JSON-encoded',
      { message_content_edit_limit_seconds: 'unlimited' },
      error('message_content_edit_limit_seconds is not valid JSON'),
    ],
    ['a non-boolean', { allow_message_editing: 'maybe' }, error('allow_message_editing is not valid JSON')],
    ['a name too long', { name: 'x'.repeat(41) }, error('name is too long (limit: 40 characters)')],
    ['an unknown group', { can_resolve_topics_group: { new: 99999999 } }, error('Invalid user group')],
    [
      '"everyone" inviting',
      { can_invite_users_group: { new: SYS.everyone } },
      error("'can_invite_users_group' setting cannot be set to 'role:everyone' group."),
    ],
    [
      '"nobody" managing all groups',
      { can_manage_all_groups: { new: SYS.nobody } },
      error("'can_manage_all_groups' setting cannot be set to 'role:nobody' group."),
    ],
    [
      'an unknown user',
      { can_resolve_topics_group: { new: { direct_members: [99999999], direct_subgroups: [] } } },
      error('Invalid user ID: 99999999'),
    ],
    [
      'a stale old value',
      { can_resolve_topics_group: { new: SYS.members, old: SYS.moderators } },
      error("'old' value does not match the expected value.", 'EXPECTATION_MISMATCH'),
    ],
    [
      'a bad value after a good one',
      { description: 'never stored', can_resolve_topics_group: { new: 99999999 } },
      error('Invalid user group'),
    ],
  ])('refuses %s and changes nothing', async (_what, params, expected) => {
    const before = await realmState();
    const res = await api('PATCH', '/realm', { auth: owner(), params });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(expected);
    const after = await realmState();
    for (const key of [
      'realm_description',
      'realm_name',
      'realm_message_content_edit_limit_seconds',
      'realm_can_resolve_topics_group',
      'realm_can_invite_users_group',
      'realm_can_manage_all_groups',
    ]) {
      expect([key, after[key]]).toEqual([key, before[key]]);
    }
  });

  it('refuses a deactivated group as a setting value', async () => {
    const gone = await createGroup();
    await api('POST', `/user_groups/${gone}/deactivate`, { auth: owner() });
    const res = await api('PATCH', '/realm', { auth: owner(), params: { can_resolve_topics_group: { new: gone } } });
    expect(res.body).toEqual(error('User group is deactivated.'));
  });

  it('keeps a group named by an organization setting from being deactivated', async () => {
    const user = await createUser();
    const group = await createGroup({ members: [user.userId] });
    const value = { direct_members: [user.userId], direct_subgroups: [SYS.members, group] };
    await api('PATCH', '/realm', { auth: owner(), params: { can_create_private_channel_group: { new: value } } });
    try {
      const res = await api('POST', `/user_groups/${group}/deactivate`, { auth: owner() });
      expect(res.body).toMatchObject({
        code: 'CANNOT_DEACTIVATE_GROUP_IN_USE',
        objections: [{ type: 'realm', settings: ['can_create_private_channel_group'] }],
      });
    } finally {
      await api('PATCH', '/realm', { auth: owner(), params: { can_create_private_channel_group: { new: SYS.members } } });
    }
  });
});
