import { randomBytes } from 'node:crypto';
import type zulip from 'zulip-js';
import { dummyEmail, Role } from '@zulip-es/contracts';
import { systemInfo, uniqueEmail } from '@zulip-es/testing';
import { failed, newUserClient, ownerClient, succeeded } from './zulip-js-client';

/**
 * E5 `PATCH /users/{user_id}` and `PATCH /users/{email}` through `callEndpoint`, as an admin
 * screen would call them: the parameters in the query string, `profile_data` JSON-encoded by the
 * application, the email in the path URL-encoded.
 */

type UserReply = { user: zulip.User };

describe('zulip-js: PATCH /users/{user_id} and /users/{email} (E5)', () => {
  let admin: zulip.Client;
  let fieldId: number;
  beforeAll(async () => {
    admin = (await newUserClient({ role: Role.ADMINISTRATOR, label: 'zjs-e5-admin' })).client;
    const created = succeeded(
      await admin.callEndpoint<{ id: number }>('/realm/profile_fields', 'POST', {
        field_type: 1,
        name: `E5 zjs ${randomBytes(4).toString('hex')}`,
      }),
    );
    fieldId = created.id;
  });
  afterAll(async () => {
    // Profile fields belong to the whole organization: leave none behind.
    succeeded(await admin.callEndpoint(`/realm/profile_fields/${fieldId}`, 'DELETE'));
  });

  it('changes role, full name and a profile value by user id, which the user then sees', async () => {
    const { user, client } = await newUserClient({ label: 'zjs-e5-by-id' });
    const res = succeeded(
      await admin.callEndpoint(`/users/${user.userId}`, 'PATCH', {
        role: Role.MODERATOR,
        full_name: 'Moderated Via zulip-js',
        profile_data: JSON.stringify([{ id: fieldId, value: '**on call**' }]),
      }),
    );
    expect(res).toEqual({ result: 'success', msg: '' });
    expect(succeeded(await client.users.me.getProfile())).toMatchObject({
      role: Role.MODERATOR,
      is_admin: false,
      full_name: 'Moderated Via zulip-js',
      profile_data: { [fieldId]: { value: '**on call**', rendered_value: '<p><strong>on call</strong></p>' } },
    });
    const seen = succeeded(await admin.callEndpoint<UserReply>(`/users/${user.userId}`, 'GET', { include_custom_profile_fields: 'true' }));
    expect(seen.user).toMatchObject({ role: Role.MODERATOR, profile_data: { [fieldId]: { value: '**on call**' } } });
  });

  it('finds the user by a URL-encoded email, real or dummy', async () => {
    const { user, client } = await newUserClient({ label: 'zjs-e5+by-email' });
    succeeded(await admin.callEndpoint(`/users/${encodeURIComponent(user.email)}`, 'PATCH', { full_name: 'Trouvée Par E-mail 🙂' }));
    expect(succeeded(await client.users.me.getProfile()).full_name).toBe('Trouvée Par E-mail 🙂');

    succeeded(
      await admin.callEndpoint(`/users/${encodeURIComponent(dummyEmail(user.userId, systemInfo().realmHost))}`, 'PATCH', {
        role: Role.ADMINISTRATOR,
      }),
    );
    expect(succeeded(await client.users.me.getProfile())).toMatchObject({ role: Role.ADMINISTRATOR, is_admin: true });
  });

  it('answers an unknown email with "No such user" and a moderator with UNAUTHORIZED_PRINCIPAL', async () => {
    const unknown = failed(
      await admin.callEndpoint(`/users/${encodeURIComponent(uniqueEmail('zjs-e5-nobody'))}`, 'PATCH', { full_name: 'Nobody' }),
    );
    expect(unknown).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'No such user' });

    const { client: moderator } = await newUserClient({ role: Role.MODERATOR, label: 'zjs-e5-moderator' });
    const { user } = await newUserClient({ label: 'zjs-e5-target' });
    const refused = failed(await moderator.callEndpoint(`/users/${encodeURIComponent(user.email)}`, 'PATCH', { full_name: 'Nope' }));
    expect(refused).toEqual({ result: 'error', code: 'UNAUTHORIZED_PRINCIPAL', msg: 'Must be an organization administrator' });
  });

  it('refuses to make a guest an administrator, and an unknown profile field', async () => {
    const owner = await ownerClient();
    const { user, client } = await newUserClient({ role: Role.GUEST, label: 'zjs-e5-guest' });
    const promoted = failed(await owner.callEndpoint(`/users/${user.userId}`, 'PATCH', { role: Role.ADMINISTRATOR }));
    expect(promoted).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'Guests cannot be organization administrators' });
    const badField = failed(
      await owner.callEndpoint(`/users/${user.userId}`, 'PATCH', { profile_data: JSON.stringify([{ id: 99999999, value: 'x' }]) }),
    );
    expect(badField).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'Field id 99999999 not found.' });
    expect(succeeded(await client.users.me.getProfile()).role).toBe(Role.GUEST);
  });
});
