import { randomBytes } from 'node:crypto';
import { Role } from '@zulip-es/contracts';
import { api, createUser, owner, type Credentials, type Params } from '@zulip-es/testing';

const label = (prefix = 'F') => `${prefix} ${randomBytes(4).toString('hex')}`;
type FieldView = {
  id: number;
  name: string;
  type: number;
  hint: string;
  field_data: string;
  order: number;
  required: boolean;
  editable_by_user: boolean;
};

async function listFields(auth: Credentials = owner()): Promise<FieldView[]> {
  const res = await api('GET', '/realm/profile_fields', { auth });
  expect(res.status).toBe(200);
  return res.body.custom_fields as FieldView[];
}

const created: number[] = [];
async function createField(params: Params, auth: Credentials = owner()): Promise<number> {
  const res = await api('POST', '/realm/profile_fields', { auth, params: { field_type: 1, name: label(), ...params } });
  if (res.status !== 200) throw new Error(`create field failed: ${JSON.stringify(res.body)}`);
  created.push(res.body.id as number);
  return res.body.id as number;
}

afterEach(async () => {
  // Fields are organization-wide: leave none behind for other test files.
  for (const id of created.splice(0)) await api('DELETE', `/realm/profile_fields/${id}`, { auth: owner() });
});

describe('POST /realm/profile_fields (E7)', () => {
  it('creates a field that every member, guests included, then reads', async () => {
    const name = label('Phone');
    const res = await api('POST', '/realm/profile_fields', {
      auth: owner(),
      params: { field_type: 1, name: `  ${name} `, hint: 'Work phone', required: true },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ result: 'success', msg: '', id: expect.any(Number) });
    created.push(res.body.id as number);
    const guest = await createUser({ role: Role.GUEST });
    expect((await listFields(guest)).find((f) => f.id === res.body.id)).toEqual({
      id: res.body.id,
      name,
      type: 1,
      hint: 'Work phone',
      field_data: '',
      order: res.body.id,
      required: true,
      editable_by_user: true,
    });
  });

  it('keeps the choices of a list of options, and a default external account takes its label from Zulip', async () => {
    const select = await createField({
      field_type: 3,
      field_data: { vim: { text: 'Vim', order: '1' }, emacs: { text: 'Emacs', order: '2' } },
    });
    const fields = await listFields();
    expect(fields.find((f) => f.id === select)?.field_data).toBe('{"vim":{"text":"Vim","order":"1"},"emacs":{"text":"Emacs","order":"2"}}');
    if (!fields.some((f) => f.name === 'GitHub username')) {
      const github = await createField({ field_type: 7, name: '', field_data: { subtype: 'github' } });
      expect((await listFields()).find((f) => f.id === github)).toMatchObject({
        name: 'GitHub username',
        field_data: '{"subtype":"github"}',
      });
    }
  });

  it.each([
    [Role.OWNER, 200],
    [Role.ADMINISTRATOR, 200],
    [Role.MODERATOR, 400],
    [Role.MEMBER, 400],
    [Role.GUEST, 400],
  ])('as role %i answers %i', async (role, status) => {
    const caller = role === Role.OWNER ? owner() : await createUser({ role });
    const name = label();
    const res = await api('POST', '/realm/profile_fields', { auth: caller, params: { field_type: 1, name } });
    expect(res.status).toBe(status);
    if (status === 200) created.push(res.body.id as number);
    else expect(res.body).toEqual({ result: 'error', code: 'UNAUTHORIZED_PRINCIPAL', msg: 'Must be an organization administrator' });
    expect((await listFields()).some((f) => f.name === name)).toBe(status === 200);
  });

  it.each<[string, Params, string]>([
    ['an unknown type', { field_type: 9 }, 'Invalid field type.'],
    ['a blank label', { name: '  ' }, 'Label cannot be blank.'],
    ['a long label', { name: 'n'.repeat(41) }, 'name is too long (limit: 40 characters)'],
    ['a long hint', { hint: 'h'.repeat(81) }, 'hint is too long (limit: 80 characters)'],
    ['a list of options without choices', { field_type: 3 }, 'Field must have at least one choice.'],
    [
      'duplicate choices',
      { field_type: 3, field_data: { a: { text: 'A', order: '1' }, b: { text: 'A', order: '2' } } },
      'Field must not have duplicate choices.',
    ],
    ['an unknown external account', { field_type: 7, field_data: { subtype: 'myspace' } }, 'Invalid external account type'],
    [
      'a long text in the summary',
      { field_type: 2, display_in_profile_summary: true },
      'Field type not supported for display in profile summary.',
    ],
    [
      'a person picker in the summary',
      { field_type: 6, display_in_profile_summary: true },
      'Field type not supported for display in profile summary.',
    ],
  ])('refuses %s and creates nothing', async (_what, params, msg) => {
    const name = typeof params.name === 'string' ? params.name : label('Bad');
    const res = await api('POST', '/realm/profile_fields', { auth: owner(), params: { field_type: 1, ...params, name } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg });
    expect((await listFields()).some((f) => f.name === name.trim())).toBe(false);
  });

  it('refuses a label in use', async () => {
    const name = label();
    await createField({ name });
    const res = await api('POST', '/realm/profile_fields', { auth: owner(), params: { field_type: 2, name } });
    expect(res.body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'A field with that label already exists.' });
    expect((await listFields()).filter((f) => f.name === name)).toHaveLength(1);
  });

  it('requires field_type and reports bad JSON', async () => {
    const missing = await api('POST', '/realm/profile_fields', { auth: owner(), params: { name: label() } });
    expect(missing.body).toEqual({
      result: 'error',
      code: 'REQUEST_VARIABLE_MISSING',
      msg: "Missing 'field_type' argument",
      var_name: 'field_type',
    });
    const bad = await api('POST', '/realm/profile_fields', { auth: owner(), params: { field_type: 1, name: label(), field_data: '[1' } });
    expect(bad.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'field_data is not valid JSON' });
  });

  it('shows at most two fields in the profile summary', async () => {
    const before = (await listFields()).filter((f) => (f as { display_in_profile_summary?: boolean }).display_in_profile_summary).length;
    for (let i = before; i < 2; i++) await createField({ display_in_profile_summary: true });
    const name = label();
    const res = await api('POST', '/realm/profile_fields', {
      auth: owner(),
      params: { field_type: 1, name, display_in_profile_summary: true },
    });
    expect(res.body).toEqual({
      result: 'error',
      code: 'BAD_REQUEST',
      msg: 'Only 2 custom profile fields can be displayed in the profile summary.',
    });
    expect((await listFields()).some((f) => f.name === name)).toBe(false);
  });
});

describe('PATCH and DELETE /realm/profile_fields/{field_id}', () => {
  it('changes only what is sent', async () => {
    const id = await createField({ hint: 'old hint' });
    const name = label('Renamed');
    const res = await api('PATCH', `/realm/profile_fields/${id}`, {
      auth: owner(),
      params: { name, required: true, editable_by_user: false },
    });
    expect(res.body).toEqual({ result: 'success', msg: '' });
    expect((await listFields()).find((f) => f.id === id)).toMatchObject({
      name,
      hint: 'old hint',
      required: true,
      editable_by_user: false,
    });
  });

  it('refuses an unknown field, a label in use and bad input, changing nothing', async () => {
    const taken = label();
    await createField({ name: taken });
    const id = await createField({ hint: 'kept' });
    const before = (await listFields()).find((f) => f.id === id);
    for (const [params, msg] of [
      [{ name: taken }, 'A field with that label already exists.'],
      [{ name: ' ' }, 'Label cannot be blank.'],
      [{ hint: 'h'.repeat(81) }, 'hint is too long (limit: 80 characters)'],
    ] as const) {
      const res = await api('PATCH', `/realm/profile_fields/${id}`, { auth: owner(), params });
      expect(res.body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg });
    }
    expect((await listFields()).find((f) => f.id === id)).toEqual(before);
    const unknown = await api('PATCH', '/realm/profile_fields/99999999', { auth: owner(), params: { name: label() } });
    expect(unknown.body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'Field id 99999999 not found.' });
  });

  it.each([Role.MODERATOR, Role.MEMBER, Role.GUEST])('refuses role %i to change or delete a field', async (role) => {
    const id = await createField({});
    const caller = await createUser({ role });
    const patch = await api('PATCH', `/realm/profile_fields/${id}`, { auth: caller, params: { name: label() } });
    const del = await api('DELETE', `/realm/profile_fields/${id}`, { auth: caller });
    for (const res of [patch, del])
      expect(res.body).toEqual({ result: 'error', code: 'UNAUTHORIZED_PRINCIPAL', msg: 'Must be an organization administrator' });
    expect((await listFields()).some((f) => f.id === id)).toBe(true);
  });

  it('deletes a field and every value users had for it', async () => {
    const id = await createField({});
    const admin = await createUser({ role: Role.ADMINISTRATOR });
    const user = await createUser();
    await api('PATCH', `/users/${user.userId}`, { auth: owner(), params: { profile_data: [{ id, value: 'hello' }] } });
    expect((await api('GET', '/users/me', { auth: user })).body.profile_data).toMatchObject({ [id]: { value: 'hello' } });
    const res = await api('DELETE', `/realm/profile_fields/${id}`, { auth: admin });
    expect(res.body).toEqual({ result: 'success', msg: '' });
    created.splice(created.indexOf(id), 1);
    expect((await listFields()).some((f) => f.id === id)).toBe(false);
    expect((await api('GET', '/users/me', { auth: user })).body.profile_data).not.toHaveProperty(String(id));
    const again = await api('DELETE', `/realm/profile_fields/${id}`, { auth: owner() });
    expect(again.body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: `Field id ${id} not found.` });
  });
});

describe('PATCH /realm/profile_fields (reorder)', () => {
  it('puts the fields in the order given', async () => {
    await createField({});
    await createField({});
    const ids = (await listFields()).map((f) => f.id).reverse();
    const res = await api('PATCH', '/realm/profile_fields', { auth: owner(), params: { order: ids } });
    expect(res.body).toEqual({ result: 'success', msg: '' });
    const after = await listFields();
    expect(after.map((f) => f.id)).toEqual(ids);
    expect(after.map((f) => f.order)).toEqual(ids.map((_id, i) => i));
  });

  it('refuses a list missing a field, changing nothing', async () => {
    await createField({});
    const before = await listFields();
    const res = await api('PATCH', '/realm/profile_fields', { auth: owner(), params: { order: before.slice(1).map((f) => f.id) } });
    expect(res.body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'Invalid order mapping.' });
    expect(await listFields()).toEqual(before);
  });

  it('is for administrators only', async () => {
    const member = await createUser();
    const res = await api('PATCH', '/realm/profile_fields', { auth: member, params: { order: [] } });
    expect(res.body).toEqual({ result: 'error', code: 'UNAUTHORIZED_PRINCIPAL', msg: 'Must be an organization administrator' });
  });
});

describe('POST /register custom_profile_fields', () => {
  it('gives the fields and the field types', async () => {
    const id = await createField({});
    const res = await api('POST', '/register', { auth: owner(), params: { fetch_event_types: ['custom_profile_fields'] } });
    expect(res.status).toBe(200);
    expect((res.body.custom_profile_fields as FieldView[]).some((f) => f.id === id)).toBe(true);
    expect(res.body.custom_profile_field_types).toMatchObject({
      SHORT_TEXT: { id: 1, name: 'Text (short)' },
      PRONOUNS: { id: 8, name: 'Pronouns' },
    });
  });
});
