import { api, captureEvents, createUser, owner, type EventCapture, type TestUser } from '@zulip-es/testing';

const APNS = '/users/me/apns_device_token';
const FCM = '/users/me/android_gcm_reg_id';
const badRequest = (msg: string) => ({ result: 'error', code: 'BAD_REQUEST', msg });

describe('legacy push tokens (POST and DELETE /users/me/apns_device_token, /users/me/android_gcm_reg_id)', () => {
  let capture: EventCapture;
  let user: TestUser;
  beforeAll(async () => {
    capture = await captureEvents('push');
    user = await createUser({ label: 'push-tokens' });
  });
  afterAll(() => capture.stop());

  it("adds and removes an APNs token and an FCM token, as events of the user's devices", async () => {
    const apnsToken = 'c0ffee00'.repeat(8);
    expect((await api('POST', APNS, { auth: user, params: { token: apnsToken, appid: 'org.zulip.Zulip' } })).body).toEqual({
      result: 'success',
      msg: '',
    });
    expect((await api('POST', FCM, { auth: user, params: { token: 'fcm:token-1' } })).body).toEqual({ result: 'success', msg: '' });
    // Adding a token again is no change.
    expect((await api('POST', FCM, { auth: user, params: { token: 'fcm:token-1' } })).status).toBe(200);
    expect((await api('DELETE', APNS, { auth: user, params: { token: apnsToken } })).body).toEqual({ result: 'success', msg: '' });
    expect((await api('DELETE', FCM, { auth: user, params: { token: 'fcm:token-1' } })).body).toEqual({ result: 'success', msg: '' });

    const aggregateId = `push_devices:${user.userId}`;
    await capture.waitFor((e) => e.aggregateId === aggregateId && e.sequence === 4);
    expect(capture.events.filter((e) => e.aggregateId === aggregateId).map((e) => [e.type, e.sequence, e.data])).toEqual([
      ['push_token.added.v1', 1, { userId: user.userId, kind: 'apns', token: apnsToken, appId: 'org.zulip.Zulip' }],
      ['push_token.added.v1', 2, { userId: user.userId, kind: 'fcm', token: 'fcm:token-1', appId: null }],
      ['push_token.removed.v1', 3, { userId: user.userId, kind: 'apns', token: apnsToken }],
      ['push_token.removed.v1', 4, { userId: user.userId, kind: 'fcm', token: 'fcm:token-1' }],
    ]);
  });

  it("refuses to remove a token the user does not have (another user's, or of the other kind)", async () => {
    const other = await createUser({ label: 'push-tokens-other' });
    await api('POST', FCM, { auth: other, params: { token: 'abcdef' } });
    expect((await api('DELETE', FCM, { auth: user, params: { token: 'abcdef' } })).body).toEqual(badRequest('Token does not exist'));
    expect((await api('DELETE', APNS, { auth: other, params: { token: 'abcdef' } })).body).toEqual(badRequest('Token does not exist'));
    expect((await api('DELETE', FCM, { auth: other, params: { token: 'abcdef' } })).status).toBe(200);
  });

  it.each([
    ['POST', APNS, { token: '', appid: 'org.zulip.Zulip' }, 'Empty or invalid length token'],
    ['POST', APNS, { token: 'ab'.repeat(2049), appid: 'org.zulip.Zulip' }, 'Empty or invalid length token'],
    ['POST', APNS, { token: 'not-hex', appid: 'org.zulip.Zulip' }, 'Invalid APNS token'],
    ['DELETE', APNS, { token: 'not-hex' }, 'Invalid APNS token'],
    ['POST', FCM, { token: '' }, 'Empty or invalid length token'],
    ['DELETE', FCM, { token: 'x'.repeat(4097) }, 'Empty or invalid length token'],
  ])('%s %s refuses a bad token (%j): %s', async (method, path, params, msg) => {
    const res = await api(method, path, { auth: user, params });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(badRequest(msg));
  });

  it.each([
    ['POST', APNS, { token: 'c0ffee' }, "Missing 'appid' argument"],
    ['POST', APNS, { appid: 'org.zulip.Zulip' }, "Missing 'token' argument"],
    ['DELETE', FCM, {}, "Missing 'token' argument"],
  ])('%s %s requires its parameters (%j)', async (method, path, params, msg) => {
    const res = await api(method, path, { auth: user, params });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ result: 'error', msg });
  });

  it("removes a deactivated user's tokens, as events of their devices", async () => {
    const leaving = await createUser({ label: 'push-tokens-leaving' });
    const apnsToken = 'beef00'.repeat(8);
    await api('POST', APNS, { auth: leaving, params: { token: apnsToken, appid: 'org.zulip.Zulip' } });
    await api('POST', FCM, { auth: leaving, params: { token: 'fcm:leaving' } });
    expect((await api('DELETE', `/users/${leaving.userId}`, { auth: owner() })).status).toBe(200);

    const aggregateId = `push_devices:${leaving.userId}`;
    await capture.waitFor((e) => e.aggregateId === aggregateId && e.sequence === 4);
    expect(capture.events.filter((e) => e.aggregateId === aggregateId && e.sequence > 2).map((e) => [e.type, e.data])).toEqual([
      ['push_token.removed.v1', { userId: leaving.userId, kind: 'apns', token: apnsToken, reason: 'deactivated' }],
      ['push_token.removed.v1', { userId: leaving.userId, kind: 'fcm', token: 'fcm:leaving', reason: 'deactivated' }],
    ]);
  });
});
