import { Role } from '@zulip-es/contracts';
import { api, createUser, owner, systemInfo, uniqueEmail } from '@zulip-es/testing';

const E15_FIELDS = [
  'avatar_url',
  'avatar_version',
  'date_joined',
  'delivery_email',
  'email',
  'full_name',
  'is_active',
  'is_admin',
  'is_bot',
  'is_guest',
  'is_owner',
  'max_message_id',
  'msg',
  'profile_data',
  'result',
  'role',
  'timezone',
  'user_id',
];

describe('GET /users/me (E15)', () => {
  it("returns the caller's whole record and nothing more", async () => {
    const me = await api('GET', '/users/me', { auth: owner() });
    expect(me.status).toBe(200);
    expect(Object.keys(me.body).sort()).toEqual(E15_FIELDS);
    expect(me.body).toMatchObject({
      result: 'success',
      msg: '',
      user_id: systemInfo().owner.userId,
      email: owner().email,
      delivery_email: owner().email,
      is_owner: true,
      is_admin: true,
      is_guest: false,
      is_bot: false,
      is_active: true,
      role: Role.OWNER,
      timezone: '',
      avatar_version: 1,
      profile_data: {},
      max_message_id: -1,
    });
    expect(me.body.avatar_url).toMatch(/^https:\/\/secure\.gravatar\.com\/avatar\//);
    expect(me.body.date_joined).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d\+00:00$/);
  });

  it('reports parameters it does not read', async () => {
    const me = await api('GET', '/users/me', { auth: owner(), params: { zzz: 1, aaa: 'x' } });
    expect(me.body.ignored_parameters_unsupported).toEqual(['aaa', 'zzz']);
  });

  it('sends rate limit headers', async () => {
    const me = await api('GET', '/users/me', { auth: owner() });
    expect(Number(me.headers.get('x-ratelimit-limit'))).toBeGreaterThan(0);
    expect(Number(me.headers.get('x-ratelimit-remaining'))).toBeGreaterThanOrEqual(0);
    expect(Number(me.headers.get('x-ratelimit-reset'))).toBeGreaterThan(Date.now() / 1000 - 1);
  });
});

describe('POST /users', () => {
  it('creates a member who can then fetch an API key and call the API', async () => {
    const user = await createUser({ label: 'created' });
    const me = await api('GET', '/users/me', { auth: user });
    expect(me.body).toMatchObject({
      user_id: user.userId,
      email: user.email,
      full_name: user.fullName,
      role: Role.MEMBER,
      is_admin: false,
    });
    const seen = await api('GET', `/users/${user.userId}`, { auth: owner() });
    expect(seen.body.user).toMatchObject({ user_id: user.userId, is_active: true });
  });

  it('gives increasing user ids', async () => {
    const a = await createUser();
    const b = await createUser();
    expect(b.userId).toBeGreaterThan(a.userId);
  });

  it('refuses an email already in use, any case, and creates nothing', async () => {
    const user = await createUser();
    const before = await api('GET', '/users', { auth: owner() });
    const again = await api('POST', '/users', {
      auth: owner(),
      params: { email: user.email.toUpperCase(), password: 'another-pw', full_name: 'Twin' },
    });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: `Email '${user.email.toUpperCase()}' already in use` });
    const after = await api('GET', '/users', { auth: owner() });
    expect((after.body.members as unknown[]).length).toBe((before.body.members as unknown[]).length);
  });

  const EMAIL = '<fresh email>';
  it.each<[{ email?: string; password?: string; full_name?: string }, string, string]>([
    [{ password: 'secret-pw', full_name: 'No Email' }, 'REQUEST_VARIABLE_MISSING', "Missing 'email' argument"],
    [{ email: EMAIL, full_name: 'No Password' }, 'REQUEST_VARIABLE_MISSING', "Missing 'password' argument"],
    [{ email: 'not-an-email', password: 'secret-pw', full_name: 'Bad' }, 'BAD_REQUEST', 'Bad name or username'],
    [{ email: EMAIL, password: 'abc', full_name: 'Weak' }, 'BAD_REQUEST', 'The password is too weak.'],
    [{ email: EMAIL, password: 'secret-pw', full_name: '  ' }, 'BAD_REQUEST', 'Name too short!'],
    [{ email: EMAIL, password: 'secret-pw', full_name: 'x'.repeat(101) }, 'BAD_REQUEST', 'full_name is too long (limit: 100 characters)'],
  ])('refuses %j with %s "%s", creating nothing', async (given, code, msg) => {
    const email = given.email === EMAIL || given.email === undefined ? uniqueEmail('refused') : given.email;
    const params = given.email === undefined ? given : { ...given, email };
    const res = await api('POST', '/users', { auth: owner(), params });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ result: 'error', code, msg });
    if (code === 'REQUEST_VARIABLE_MISSING') expect(res.body.var_name).toBeDefined();
    const key = await api('POST', '/fetch_api_key', { params: { username: email, password: 'secret-pw' } });
    expect(key.body.code).toBe('AUTHENTICATION_FAILED');
  });

  it('is for administrators only', async () => {
    const member = await createUser({ label: 'member' });
    const email = uniqueEmail('by-member');
    const res = await api('POST', '/users', { auth: member, params: { email, password: 'secret-pw', full_name: 'Nope' } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ result: 'error', code: 'UNAUTHORIZED_PRINCIPAL', msg: 'Must be an organization administrator' });
  });

  it('lets a member promoted to administrator create users at once', async () => {
    const member = await createUser({ label: 'promoted' });
    const promote = await api('PATCH', `/users/${member.userId}`, { auth: owner(), params: { role: Role.ADMINISTRATOR } });
    expect(promote.status).toBe(200);
    const res = await api('POST', '/users', {
      auth: member,
      params: { email: uniqueEmail('by-admin'), password: 'secret-pw', full_name: 'Made by admin' },
    });
    expect(res.status).toBe(200);
  });
});

describe('GET /users and GET /users/{user_id}', () => {
  it('lists users, optionally only some, with gravatars left to the client by default', async () => {
    const a = await createUser();
    const b = await createUser();
    const all = await api('GET', '/users', { auth: a });
    const ids = (all.body.members as { user_id: number }[]).map((m) => m.user_id);
    expect(ids).toEqual(expect.arrayContaining([a.userId, b.userId, systemInfo().owner.userId]));
    const some = await api('GET', '/users', { auth: a, params: { user_ids: [b.userId], client_gravatar: false } });
    expect(some.body.members).toEqual([expect.objectContaining({ user_id: b.userId, avatar_url: expect.stringContaining('gravatar') })]);
    expect((all.body.members as { avatar_url: unknown }[])[0].avatar_url).toBeNull();
  });

  it('refuses malformed JSON in a parameter', async () => {
    const res = await api('GET', '/users', { auth: owner(), params: { user_ids: '[1,' } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'user_ids is not valid JSON' });
  });

  it('refuses a wrong type inside a parameter', async () => {
    const res = await api('GET', '/users', { auth: owner(), params: { user_ids: '["a"]' } });
    expect(res.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'user_ids[0] is not an integer' });
  });

  it('answers "No such user" for an unknown id', async () => {
    const res = await api('GET', '/users/99999999', { auth: owner() });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'No such user' });
  });
});

describe('deactivation and reactivation', () => {
  it('locks a deactivated user out at once and lets them back in after reactivation', async () => {
    const user = await createUser({ label: 'leaver' });
    const off = await api('DELETE', `/users/${user.userId}`, { auth: owner() });
    expect(off.status).toBe(200);
    const locked = await api('GET', '/users/me', { auth: user });
    expect(locked.status).toBe(401);
    expect(locked.body).toEqual({ result: 'error', code: 'USER_DEACTIVATED', msg: 'Account is deactivated' });
    const shown = await api('GET', `/users/${user.userId}`, { auth: owner() });
    expect(shown.body.user).toMatchObject({ is_active: false });
    const again = await api('DELETE', `/users/${user.userId}`, { auth: owner() });
    expect(again.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'User is deactivated' });
    const on = await api('POST', `/users/${user.userId}/reactivate`, { auth: owner() });
    expect(on.status).toBe(200);
    expect((await api('GET', '/users/me', { auth: user })).status).toBe(200);
    const twice = await api('POST', `/users/${user.userId}/reactivate`, { auth: owner() });
    expect(twice.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'User is already active.' });
  });

  it('refuses to deactivate the only owner', async () => {
    // The organization is shared by every test: first make the bootstrap owner the only one.
    const all = await api('GET', '/users', { auth: owner() });
    const others = (all.body.members as { user_id: number; role: number; is_active: boolean }[]).filter(
      (m) => m.role === Role.OWNER && m.is_active && m.user_id !== systemInfo().owner.userId,
    );
    for (const other of others) await api('PATCH', `/users/${other.user_id}`, { auth: owner(), params: { role: Role.MEMBER } });
    const res = await api('DELETE', `/users/${systemInfo().owner.userId}`, { auth: owner() });
    expect(res.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'Cannot deactivate the only organization owner' });
    expect((await api('GET', '/users/me', { auth: owner() })).status).toBe(200);
  });

  it('lets only owners deactivate an owner', async () => {
    const admin = await createUser({ role: Role.ADMINISTRATOR, label: 'admin' });
    const res = await api('DELETE', `/users/${systemInfo().owner.userId}`, { auth: admin });
    expect(res.body).toMatchObject({ code: 'UNAUTHORIZED_PRINCIPAL', msg: 'Must be an organization owner' });
  });

  it('refuses an unknown user', async () => {
    const res = await api('DELETE', '/users/99999999', { auth: owner() });
    expect(res.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'No such user' });
  });
});

describe('roles', () => {
  it.each([
    [Role.ADMINISTRATOR, { is_admin: true, is_owner: false, is_guest: false }],
    [Role.MODERATOR, { is_admin: false, is_owner: false, is_guest: false }],
    [Role.GUEST, { is_admin: false, is_owner: false, is_guest: true }],
    [Role.OWNER, { is_admin: true, is_owner: true, is_guest: false }],
  ])('a user given role %i reports it', async (role, flags) => {
    const user = await createUser({ role });
    const me = await api('GET', '/users/me', { auth: user });
    expect(me.body).toMatchObject({ role, ...flags });
    if (role === Role.OWNER) await api('PATCH', `/users/${user.userId}`, { auth: owner(), params: { role: Role.MEMBER } });
  });

  it('refuses an unknown role and changes nothing', async () => {
    const user = await createUser();
    const res = await api('PATCH', `/users/${user.userId}`, { auth: owner(), params: { role: 250 } });
    expect(res.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'Invalid role' });
    expect((await api('GET', '/users/me', { auth: user })).body.role).toBe(Role.MEMBER);
  });

  it('lets only owners make owners', async () => {
    const admin = await createUser({ role: Role.ADMINISTRATOR });
    const member = await createUser();
    const res = await api('PATCH', `/users/${member.userId}`, { auth: admin, params: { role: Role.OWNER } });
    expect(res.body).toMatchObject({ code: 'UNAUTHORIZED_PRINCIPAL', msg: 'Must be an organization owner' });
  });
});

describe('DELETE /users/me', () => {
  it('deactivates the caller, whose key then no longer works', async () => {
    const leaving = await createUser({ label: 'leaving' });
    const res = await api('DELETE', '/users/me', { auth: leaving });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ result: 'success', msg: '' });
    const after = await api('GET', '/users/me', { auth: leaving });
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject({ code: 'USER_DEACTIVATED' });
  });
});
