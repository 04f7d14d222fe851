import { BOUNCER_TOKEN_UNREGISTER_PATH } from '@zulip-es/contracts';
import {
  addPushTokens,
  api,
  captureEvents,
  createUser,
  FakeProvidersClient,
  systemInfo,
  uniqueApnsToken,
  uniqueFcmToken,
  type EventCapture,
} from '@zulip-es/testing';

const TEST = '/mobile_push/test_notification';
const APP_ID = 'org.zulip.Zulip';
const success = { result: 'success', msg: '' };

describe('POST /mobile_push/test_notification (E19)', () => {
  const env = systemInfo().env;
  const providers = new FakeProvidersClient(env.FAKE_PUSH_PROVIDERS_URL!);
  let capture: EventCapture;
  beforeAll(async () => {
    capture = await captureEvents('push');
  });
  afterAll(() => capture.stop());

  const fcmToken = () => uniqueFcmToken('fcm-e19');
  const apnsToken = uniqueApnsToken;
  const withTokens = addPushTokens;

  it('succeeds without sending anything for a user with no devices', async () => {
    const user = await createUser({ label: 'e19-none' });
    const res = await api('POST', TEST, { auth: user });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(success);
  });

  it("pushes Zulip's test notification to every device of the caller, through FCM and APNs", async () => {
    const user = await createUser({ label: 'e19-all' });
    const fcm = fcmToken();
    const apns = apnsToken();
    await withTokens(user, { fcm, apns });
    const before = { fcm: (await providers.received(fcm)).length, apns: (await providers.received(apns)).length };

    expect((await api('POST', TEST, { auth: user })).body).toEqual(success);

    const fcmPushes = await providers.received(fcm);
    const apnsPushes = await providers.received(apns);
    expect(fcmPushes).toHaveLength(before.fcm + 1);
    expect(apnsPushes).toHaveLength(before.apns + 1);
    const realm = {
      realm_id: expect.any(Number),
      realm_name: 'Zulip ES test organization',
      realm_url: env.REALM_URL,
      realm_uri: env.REALM_URL,
      server: systemInfo().realmHost,
      user_id: user.userId,
      event: 'test',
    };
    const fcmData = fcmPushes.at(-1)!.payload;
    expect({ ...fcmData, realm_id: Number(fcmData.realm_id), user_id: Number(fcmData.user_id) }).toEqual({
      ...realm,
      time: expect.stringMatching(/^\d+$/),
    });
    expect(apnsPushes.at(-1)).toEqual({
      provider: 'apns',
      token: apns,
      topic: APP_ID,
      payload: {
        aps: {
          alert: { title: 'Test notification', body: `This is a test notification from Zulip ES test organization (${env.REALM_URL}).` },
          sound: 'default',
        },
        zulip: realm,
      },
    });
  });

  it('pushes to the one device of `token` only', async () => {
    const user = await createUser({ label: 'e19-one' });
    const [one, other] = [fcmToken(), fcmToken()];
    await withTokens(user, { fcm: one });
    await withTokens(user, { fcm: other });
    const before = (await providers.received(other)).length;
    expect((await api('POST', TEST, { auth: user, params: { token: one } })).body).toEqual(success);
    expect(await providers.received(other)).toHaveLength(before);
  });

  it("refuses a token that is none of the caller's devices: INVALID_PUSH_DEVICE_TOKEN", async () => {
    const [user, other] = await Promise.all([createUser({ label: 'e19-mine' }), createUser({ label: 'e19-theirs' })]);
    const theirs = fcmToken();
    await withTokens(other, { fcm: theirs });
    for (const token of [theirs, 'never-registered']) {
      const res = await api('POST', TEST, { auth: user, params: { token } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ result: 'error', code: 'INVALID_PUSH_DEVICE_TOKEN', msg: 'Device not recognized' });
    }
  });

  it('refuses a token the push bouncer does not know: INVALID_REMOTE_PUSH_DEVICE_TOKEN', async () => {
    const user = await createUser({ label: 'e19-remote' });
    const token = fcmToken();
    await withTokens(user, { fcm: token });
    // The bouncer loses the token (as after an operator's cleanup there): an unregister newer than any event of the server.
    const bouncer = await fetch(new URL(BOUNCER_TOKEN_UNREGISTER_PATH, env.PUSH_BOUNCER_URL), {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${env.PUSH_BOUNCER_SERVER_UUID}:${env.PUSH_BOUNCER_API_KEY}`).toString('base64')}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ user_id: user.userId, token_kind: 'fcm', token, sequence: 1_000_000 }),
    });
    expect(bouncer.status).toBe(200);

    const res = await api('POST', TEST, { auth: user, params: { token } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      result: 'error',
      code: 'INVALID_REMOTE_PUSH_DEVICE_TOKEN',
      msg: 'Device not recognized by the push bouncer',
    });
  });

  it("forgets a token the provider says is no longer valid, at the bouncer and in the user's devices", async () => {
    const user = await createUser({ label: 'e19-dead' });
    const [dead, alive] = [apnsToken(), fcmToken()];
    await withTokens(user, { apns: dead, fcm: alive });
    await providers.markDead(dead);

    expect((await api('POST', TEST, { auth: user })).body).toEqual(success);

    const removed = await capture.waitFor((e) => e.type === 'push_token.removed.v1' && e.aggregateId === `push_devices:${user.userId}`);
    expect(removed.data).toEqual({ userId: user.userId, kind: 'apns', token: dead, reason: 'provider' });
    const res = await api('DELETE', '/users/me/apns_device_token', { auth: user, params: { token: dead } });
    expect(res.body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'Token does not exist' });
    expect((await api('POST', TEST, { auth: user, params: { token: alive } })).body).toEqual(success);
  });
});
