import { randomBytes } from 'node:crypto';
import type zulip from 'zulip-js';
import { Role } from '@zulip-es/contracts';
import { failed, newUserClient, ownerClient, succeeded } from './zulip-js-client';

/**
 * E7 custom profile fields through `callEndpoint`: POST bodies are multipart, so `field_data`
 * (an object) is JSON-encoded by the application, as is the `order` list of a PATCH (whose
 * parameters go in the query string). Values are set with `PATCH /users/{id}`.
 *
 * Fields belong to the whole organization: every field made here is deleted afterwards, and the
 * reorder, which must name every field, works from the list it reads first.
 */

interface Field {
  id: number;
  name: string;
  type: number;
  hint: string;
  field_data: string;
  order: number;
}
type Fields = { custom_fields: Field[] };

const label = (prefix: string) => `${prefix} ${randomBytes(4).toString('hex')}`;
const fieldsOf = async (client: zulip.Client) => succeeded(await client.callEndpoint<Fields>('/realm/profile_fields')).custom_fields;

describe('zulip-js: custom profile fields (E7)', () => {
  let admin: zulip.Client;
  const made: number[] = [];
  const create = async (params: zulip.Params): Promise<number> => {
    const { id } = succeeded(
      await admin.callEndpoint<{ id: number }>('/realm/profile_fields', 'POST', { field_type: 1, name: label('zjs'), ...params }),
    );
    made.push(id);
    return id;
  };
  beforeAll(async () => {
    admin = (await newUserClient({ role: Role.ADMINISTRATOR, label: 'zjs-fields-admin' })).client;
  });
  afterAll(async () => {
    for (const id of made) await admin.callEndpoint(`/realm/profile_fields/${id}`, 'DELETE');
  });

  it('creates a list-of-options field, updates it, and a user’s value is set and read back', async () => {
    const name = label('Editor');
    const choices = { vim: { text: 'Vim', order: '1' }, emacs: { text: 'Emacs', order: '2' } };
    const id = await create({ field_type: 3, name, hint: 'Pick one', field_data: JSON.stringify(choices) });
    const { user, client: member } = await newUserClient({ label: 'zjs-fields-member' });
    expect((await fieldsOf(member)).find((f) => f.id === id)).toMatchObject({
      name,
      type: 3,
      hint: 'Pick one',
      field_data: JSON.stringify(choices),
    });

    const renamed = label('Editor of choice');
    expect(succeeded(await admin.callEndpoint(`/realm/profile_fields/${id}`, 'PATCH', { name: renamed, required: 'true' }))).toEqual({
      result: 'success',
      msg: '',
    });
    expect((await fieldsOf(member)).find((f) => f.id === id)).toMatchObject({ name: renamed, hint: 'Pick one', required: true });

    succeeded(await admin.callEndpoint(`/users/${user.userId}`, 'PATCH', { profile_data: JSON.stringify([{ id, value: 'emacs' }]) }));
    expect(succeeded(await member.users.me.getProfile()).profile_data).toMatchObject({ [id]: { value: 'emacs' } });
    const invalid = failed(
      await admin.callEndpoint(`/users/${user.userId}`, 'PATCH', { profile_data: JSON.stringify([{ id, value: 'nano' }]) }),
    );
    expect(invalid).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: `'nano' is not a valid choice for '${renamed}'.` });
  });

  it('reorders every field, and refuses an order missing one', async () => {
    const mine = [await create({}), await create({})];
    let order: number[] = [];
    // Other test files may add or remove fields in between: read again and retry then.
    for (let attempt = 0; attempt < 5; attempt++) {
      const current = (await fieldsOf(admin)).map((f) => f.id);
      order = [...mine].reverse().concat(current.filter((id) => !mine.includes(id)));
      const res = await admin.callEndpoint('/realm/profile_fields', 'PATCH', { order: JSON.stringify(order) });
      if (res.result === 'success') break;
      expect(res.msg).toBe('Invalid order mapping.');
    }
    const after = await fieldsOf(admin);
    expect(after.filter((f) => mine.includes(f.id)).map((f) => f.id)).toEqual([...mine].reverse());

    const incomplete = failed(await admin.callEndpoint('/realm/profile_fields', 'PATCH', { order: JSON.stringify(order.slice(1)) }));
    expect(incomplete).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'Invalid order mapping.' });
  });

  it('deletes a field, then answers "not found" for it; a member may not create one', async () => {
    const id = await create({});
    expect(succeeded(await admin.callEndpoint(`/realm/profile_fields/${id}`, 'DELETE'))).toEqual({ result: 'success', msg: '' });
    made.splice(made.indexOf(id), 1);
    expect((await fieldsOf(admin)).some((f) => f.id === id)).toBe(false);
    expect(failed(await admin.callEndpoint(`/realm/profile_fields/${id}`, 'DELETE'))).toEqual({
      result: 'error',
      code: 'BAD_REQUEST',
      msg: `Field id ${id} not found.`,
    });

    const { client: member } = await newUserClient({ label: 'zjs-fields-refused' });
    const refused = failed(await member.callEndpoint('/realm/profile_fields', 'POST', { field_type: 1, name: label('zjs') }));
    expect(refused).toEqual({ result: 'error', code: 'UNAUTHORIZED_PRINCIPAL', msg: 'Must be an organization administrator' });
  });

  it('refuses a label already in use', async () => {
    const owner = await ownerClient();
    const name = label('Taken');
    await create({ name });
    expect(failed(await owner.callEndpoint('/realm/profile_fields', 'POST', { field_type: 2, name }))).toEqual({
      result: 'error',
      code: 'BAD_REQUEST',
      msg: 'A field with that label already exists.',
    });
  });
});
