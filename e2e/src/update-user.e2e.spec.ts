import { randomBytes } from 'node:crypto';
import { dummyEmail, Role } from '@zulip-es/contracts';
import { api, createUser, owner, systemInfo, uniqueEmail, type Credentials, type Params, type TestUser } from '@zulip-es/testing';

const fieldIds: number[] = [];
async function field(params: Params): Promise<number> {
  const res = await api('POST', '/realm/profile_fields', {
    auth: owner(),
    params: { field_type: 1, name: `E5 ${randomBytes(4).toString('hex')}`, ...params },
  });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  fieldIds.push(res.body.id as number);
  return res.body.id as number;
}
afterAll(async () => {
  for (const id of fieldIds) await api('DELETE', `/realm/profile_fields/${id}`, { auth: owner() });
});

const profileOf = async (user: Credentials) => (await api('GET', '/users/me', { auth: user })).body.profile_data as Record<string, unknown>;
/** A second owner, without the server-granted `can_change_user_emails` permission. */
const anotherOwner = () => createUser({ role: Role.OWNER, label: 'owner' });

describe('PATCH /users/{user_id} profile_data (E5)', () => {
  let text: number, choice: number, date: number, link: number, person: number;
  beforeAll(async () => {
    text = await field({ field_type: 1 });
    choice = await field({ field_type: 3, field_data: { vim: { text: 'Vim', order: '1' }, emacs: { text: 'Emacs', order: '2' } } });
    date = await field({ field_type: 4 });
    link = await field({ field_type: 5 });
    person = await field({ field_type: 6 });
  });

  it('sets values that the user and others then read, text rendered as Markdown', async () => {
    const user = await createUser();
    const res = await api('PATCH', `/users/${user.userId}`, {
      auth: owner(),
      params: {
        profile_data: [
          { id: text, value: '**bold**' },
          { id: choice, value: 'emacs' },
          { id: date, value: '1909-04-05' },
          { id: link, value: 'https://zulip.com' },
          { id: person, value: [systemInfo().owner.userId] },
        ],
      },
    });
    expect(res.body).toEqual({ result: 'success', msg: '' });
    const expected = {
      [text]: { value: '**bold**', rendered_value: '<p><strong>bold</strong></p>' },
      [choice]: { value: 'emacs' },
      [date]: { value: '1909-04-05' },
      [link]: { value: 'https://zulip.com' },
      [person]: { value: `[${systemInfo().owner.userId}]` },
    };
    expect(await profileOf(user)).toEqual(expected);
    const one = await api('GET', `/users/${user.userId}`, { auth: owner(), params: { include_custom_profile_fields: true } });
    expect(one.body.user).toMatchObject({ profile_data: expected });
    const plain = await api('GET', `/users/${user.userId}`, { auth: owner() });
    expect(plain.body.user).not.toHaveProperty('profile_data');
    const all = await api('GET', '/users', { auth: user, params: { include_custom_profile_fields: true, user_ids: [user.userId] } });
    expect(all.body.members).toEqual([expect.objectContaining({ profile_data: expected })]);
  });

  it('clears a value given as null or empty', async () => {
    const user = await createUser();
    await api('PATCH', `/users/${user.userId}`, {
      auth: owner(),
      params: {
        profile_data: [
          { id: text, value: 'x' },
          { id: date, value: '2000-01-01' },
        ],
      },
    });
    await api('PATCH', `/users/${user.userId}`, {
      auth: owner(),
      params: {
        profile_data: [
          { id: text, value: null },
          { id: date, value: '' },
        ],
      },
    });
    expect(await profileOf(user)).toEqual({});
  });

  it('refuses invalid values with Zulip messages and changes nothing', async () => {
    const user = await createUser();
    const names = Object.fromEntries(
      ((await api('GET', '/realm/profile_fields', { auth: owner() })).body.custom_fields as { id: number; name: string }[]).map((f) => [
        f.id,
        f.name,
      ]),
    );
    const cases: [Params, string][] = [
      [{ id: 99999999, value: 'x' }, 'Field id 99999999 not found.'],
      [{ id: choice, value: 'nano' }, `'nano' is not a valid choice for '${names[choice]}'.`],
      [{ id: date, value: '5/4/1909' }, `${names[date]} is not a date`],
      [{ id: link, value: 'not a link' }, `${names[link]} is not a URL`],
      [{ id: person, value: [99999999] }, 'Invalid user IDs: 99999999'],
      [{ id: text, value: 'x'.repeat(51) }, `${names[text]} is too long (limit: 50 characters)`],
    ];
    for (const [entry, msg] of cases) {
      const res = await api('PATCH', `/users/${user.userId}`, {
        auth: owner(),
        params: { full_name: 'Should Not Stick', profile_data: [{ id: text, value: 'nor this' }, entry] },
      });
      expect(res.body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg });
    }
    expect((await api('GET', '/users/me', { auth: user })).body).toMatchObject({ full_name: user.fullName, profile_data: {} });
  });
});

describe('PATCH /users/{email} (E5)', () => {
  it('finds the user by a real email the caller may see, in any case', async () => {
    const user = await createUser();
    const res = await api('PATCH', `/users/${encodeURIComponent(user.email.toUpperCase())}`, {
      auth: owner(),
      params: { full_name: 'By Email' },
    });
    expect(res.body).toEqual({ result: 'success', msg: '' });
    expect((await api('GET', '/users/me', { auth: user })).body.full_name).toBe('By Email');
  });

  it('finds the user by the dummy address user<id>@<realm host>', async () => {
    const user = await createUser();
    const res = await api('PATCH', `/users/${dummyEmail(user.userId, systemInfo().realmHost)}`, {
      auth: owner(),
      params: { role: Role.MODERATOR },
    });
    expect(res.body).toEqual({ result: 'success', msg: '' });
    expect((await api('GET', '/users/me', { auth: user })).body.role).toBe(Role.MODERATOR);
  });

  it('answers "No such user" for a real email the caller may not see, and changes nothing', async () => {
    const [admin, user] = await Promise.all([createUser({ role: Role.ADMINISTRATOR }), createUser()]);
    // 2: members and up may see it (an administrator may); 4: nobody (the owner may not either).
    expect((await api('PATCH', '/settings', { auth: user, params: { email_address_visibility: 2 } })).status).toBe(200);
    expect(
      (await api('PATCH', `/users/${encodeURIComponent(user.email)}`, { auth: admin, params: { full_name: 'Seen By Admin' } })).body,
    ).toMatchObject({ result: 'success' });
    expect((await api('PATCH', '/settings', { auth: user, params: { email_address_visibility: 4 } })).status).toBe(200);
    const hidden = await api('PATCH', `/users/${encodeURIComponent(user.email)}`, { auth: owner(), params: { full_name: 'Hidden Email' } });
    expect(hidden.body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'No such user' });
    expect((await api('GET', '/users/me', { auth: user })).body.full_name).toBe('Seen By Admin');
  });

  it('answers "No such user" for an unknown address, or a dummy one of no user', async () => {
    for (const email of [uniqueEmail('nobody'), dummyEmail(99999999, systemInfo().realmHost), 'me']) {
      const res = await api('PATCH', `/users/${encodeURIComponent(email)}`, { auth: owner(), params: { full_name: 'Nobody' } });
      expect(res.body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'No such user' });
    }
  });

  it.each([
    [Role.ADMINISTRATOR, 200],
    [Role.MODERATOR, 400],
    [Role.MEMBER, 400],
    [Role.GUEST, 400],
  ])('as role %i answers %i', async (role, status) => {
    const caller = await createUser({ role });
    const user = await createUser();
    const res = await api('PATCH', `/users/${encodeURIComponent(user.email)}`, { auth: caller, params: { full_name: 'Changed Name' } });
    expect(res.status).toBe(status);
    if (status !== 200)
      expect(res.body).toEqual({ result: 'error', code: 'UNAUTHORIZED_PRINCIPAL', msg: 'Must be an organization administrator' });
    expect((await api('GET', '/users/me', { auth: user })).body.full_name).toBe(status === 200 ? 'Changed Name' : user.fullName);
  });
});

describe('roles through PATCH /users/{user_id}', () => {
  it('refuses to make a guest an administrator', async () => {
    const guest = await createUser({ role: Role.GUEST });
    const res = await api('PATCH', `/users/${guest.userId}`, { auth: owner(), params: { role: Role.ADMINISTRATOR } });
    expect(res.body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'Guests cannot be organization administrators' });
    expect((await api('GET', '/users/me', { auth: guest })).body.role).toBe(Role.GUEST);
  });
});

describe('new_email', () => {
  let user: TestUser;
  beforeEach(async () => {
    user = await createUser({ label: 'mover' });
  });

  it('lets the owner holding the permission change an email: the new one authenticates, the old one no more', async () => {
    const email = uniqueEmail('moved');
    const res = await api('PATCH', `/users/${user.userId}`, { auth: owner(), params: { new_email: email } });
    expect(res.body).toEqual({ result: 'success', msg: '' });
    expect((await api('GET', '/users/me', { auth: { email, apiKey: user.apiKey } })).body).toMatchObject({
      user_id: user.userId,
      delivery_email: email,
    });
    expect((await api('GET', '/users/me', { auth: user })).body).toMatchObject({ code: 'INVALID_API_KEY' });
    const key = await api('POST', '/fetch_api_key', { params: { username: email, password: user.password } });
    expect(key.body).toMatchObject({ api_key: user.apiKey, user_id: user.userId });
    const byNewEmail = await api('PATCH', `/users/${encodeURIComponent(email)}`, { auth: owner(), params: { full_name: 'Found Again' } });
    expect(byNewEmail.body).toEqual({ result: 'success', msg: '' });
  });

  it.each([
    ['an administrator', () => createUser({ role: Role.ADMINISTRATOR })],
    ['an owner without the permission', anotherOwner],
  ])('refuses %s', async (_who, caller) => {
    const other = await caller();
    const res = await api('PATCH', `/users/${user.userId}`, { auth: other, params: { new_email: uniqueEmail('nope') } });
    expect(res.body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'User not authorized to change user emails' });
    expect((await api('GET', '/users/me', { auth: user })).body.delivery_email).toBe(user.email);
    const me = await api('GET', '/users/me', { auth: other });
    if (me.body.role === Role.OWNER) await api('PATCH', `/users/${other.userId}`, { auth: owner(), params: { role: Role.MEMBER } });
  });

  it.each<[string, (taken: string) => string, string]>([
    ['an invalid address', () => 'not-an-email', 'Invalid address.'],
    ['an address in use', (taken) => taken.toUpperCase(), 'Already has an account.'],
  ])('refuses %s', async (_what, email, msg) => {
    const other = await createUser();
    const res = await api('PATCH', `/users/${user.userId}`, { auth: owner(), params: { new_email: email(other.email) } });
    expect(res.body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg });
    expect((await api('GET', '/users/me', { auth: user })).body.delivery_email).toBe(user.email);
  });
});

describe('PATCH and DELETE /users/me/profile_data', () => {
  let open: number, locked: number;
  beforeAll(async () => {
    open = await field({ field_type: 8 });
    locked = await field({ field_type: 1, editable_by_user: false });
  });

  it('lets a user set and clear their own values', async () => {
    const user = await createUser({ role: Role.GUEST });
    const set = await api('PATCH', '/users/me/profile_data', { auth: user, params: { data: [{ id: open, value: 'they/them' }] } });
    expect(set.body).toEqual({ result: 'success', msg: '' });
    expect(await profileOf(user)).toEqual({ [open]: { value: 'they/them' } });
    const cleared = await api('DELETE', '/users/me/profile_data', { auth: user, params: { data: [open] } });
    expect(cleared.body).toEqual({ result: 'success', msg: '' });
    expect(await profileOf(user)).toEqual({});
  });

  it('keeps fields only administrators may edit from other users', async () => {
    const member = await createUser();
    const res = await api('PATCH', '/users/me/profile_data', { auth: member, params: { data: [{ id: locked, value: 'gold' }] } });
    expect(res.body).toEqual({
      result: 'error',
      code: 'BAD_REQUEST',
      msg: 'You are not allowed to change this field. Contact an administrator to update it.',
    });
    expect(await profileOf(member)).toEqual({});
    const admin = await createUser({ role: Role.ADMINISTRATOR });
    expect(
      (await api('PATCH', '/users/me/profile_data', { auth: admin, params: { data: [{ id: locked, value: 'gold' }] } })).body.result,
    ).toBe('success');
  });

  it('refuses an unknown field', async () => {
    const user = await createUser();
    const res = await api('PATCH', '/users/me/profile_data', { auth: user, params: { data: [{ id: 99999999, value: 'x' }] } });
    expect(res.body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'Field id 99999999 not found.' });
  });
});
