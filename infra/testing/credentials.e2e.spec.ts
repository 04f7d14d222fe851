import { CREDENTIALS_TOPIC, eventsTopic } from '../../libs/contracts/src';
import { api, createUser, topicRecords } from '../../libs/testing/src';

const SIGN_IN_MATERIAL = /"(passwordHash|apiKeyHash|apiKeyNonce)"/;

/**
 * Password hashes and API key material travel on the private users.credentials topic only: an
 * event consumer reading users.events from the start finds none, and sign-in works as before.
 */
describe('sign-in material, off the public users topic', () => {
  it('a new user signs in with the key the server hands out, and users.events never carries their hash or key material', async () => {
    const user = await createUser({ label: 'credentials' });
    const me = await api('GET', '/users/me', { auth: { email: user.email, apiKey: user.apiKey } });
    expect(me.status).toBe(200);
    expect(me.body.user_id).toBe(user.userId);

    const events = await topicRecords(eventsTopic('users'));
    expect(events.some((r) => r.value.toString().includes(`"userId":${user.userId}`))).toBe(true);
    expect(events.filter((r) => SIGN_IN_MATERIAL.test(r.value.toString())).map((r) => r.headers?.type)).toEqual([]);

    const credentials = (await topicRecords(CREDENTIALS_TOPIC)).map(
      (r) => JSON.parse(r.value.toString()) as { type: string; data: { userId: number } },
    );
    expect(credentials.filter((c) => c.data.userId === user.userId).map((c) => c.type)).toEqual(['user.credentials_issued.v1']);
  });

  it('refuses a wrong password for a user whose credentials are on the private topic', async () => {
    const user = await createUser({ label: 'credentials-wrong' });
    const wrong = await api('POST', '/fetch_api_key', { params: { username: user.email, password: `${user.password}x` } });
    expect([wrong.status, wrong.body.code]).toEqual([401, 'AUTHENTICATION_FAILED']);
  });
});
