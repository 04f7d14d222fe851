import { dummyEmail } from '@zulip-es/contracts';
import { api, createUser, systemInfo, uniqueEmail, type Credentials } from '@zulip-es/testing';

const byEmail = (email: string, auth: Credentials, params: Record<string, unknown> = {}) =>
  api('GET', `/users/${encodeURIComponent(email)}`, { auth, params });
const noSuchUser = { result: 'error', code: 'BAD_REQUEST', msg: 'No such user' };

describe('GET /users/{email}', () => {
  it('answers the same user as GET /users/{user_id}, by a real email the caller may see, in any case', async () => {
    const [caller, target] = [await createUser({ label: 'by-email' }), await createUser({ label: 'by-email-target' })];
    const res = await byEmail(target.email.toUpperCase(), caller, { include_custom_profile_fields: true });
    expect(res.status).toBe(200);
    const byId = await api('GET', `/users/${target.userId}`, { auth: caller, params: { include_custom_profile_fields: true } });
    expect(res.body).toEqual(byId.body);
    expect(res.body.user).toMatchObject({ user_id: target.userId });
  });

  it('finds anyone by the dummy API address, even a user whose real email is hidden', async () => {
    const [caller, target] = [await createUser({ label: 'by-dummy' }), await createUser({ label: 'by-dummy-target' })];
    expect((await api('PATCH', '/settings', { auth: target, params: { email_address_visibility: 4 } })).status).toBe(200);
    const res = await byEmail(dummyEmail(target.userId, systemInfo().realmHost), caller);
    expect(res.body.user).toMatchObject({ user_id: target.userId, delivery_email: null });
    expect((await byEmail(target.email, caller)).body).toEqual(noSuchUser);
    expect((await byEmail(target.email, target)).body.user).toMatchObject({ user_id: target.userId });
  });

  it('answers "No such user" for an address no one has', async () => {
    const caller = await createUser({ label: 'by-nobody' });
    for (const email of [uniqueEmail('nobody'), dummyEmail(99_999_999, systemInfo().realmHost)]) {
      const res = await byEmail(email, caller);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(noSuchUser);
    }
  });
});
