import sodium from 'libsodium-wrappers';
import {
  api,
  captureEvents,
  createUser,
  FakeProvidersClient,
  systemInfo,
  uniqueFcmToken,
  type EventCapture,
  type TestUser,
} from '@zulip-es/testing';

const TEST = '/mobile_push/e2ee/test_notification';
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

describe('POST /mobile_push/e2ee/test_notification', () => {
  const env = systemInfo().env;
  const providers = new FakeProvidersClient(env.FAKE_PUSH_PROVIDERS_URL!);
  let capture: EventCapture;
  let bouncerKey: string;
  beforeAll(async () => {
    await sodium.ready;
    capture = await captureEvents('push');
    bouncerKey = (JSON.parse(env.PUSH_BOUNCER_KEYS!) as { public_key: string }[])[0]!.public_key;
  });
  afterAll(() => capture.stop());

  /** A device registered as Zulip's app registers one, waited for until the bouncer has it. */
  async function registeredDevice(user: TestUser, pushAccountId: number) {
    const keys = sodium.crypto_box_keypair();
    const token = uniqueFcmToken('e2ee-test');
    const registration = { token, token_kind: 'fcm', timestamp: Math.floor(Date.now() / 1000) };
    const encrypted = b64(sodium.crypto_box_seal(JSON.stringify(registration), Buffer.from(bouncerKey, 'base64')));
    const params = {
      token_kind: 'fcm',
      push_account_id: pushAccountId,
      push_public_key: b64(keys.publicKey),
      bouncer_public_key: bouncerKey,
      encrypted_push_registration: encrypted,
    };
    expect((await api('POST', '/mobile_push/register', { auth: user, params })).status).toBe(200);
    await capture.waitFor(
      (e) => e.type === 'push_device.registered.v1' && e.data.userId === user.userId && e.data.pushAccountId === pushAccountId,
    );
    return { keys, token };
  }

  it("pushes Zulip's test payload sealed to each device's key, or to the one device named", async () => {
    const user = await createUser({ label: 'e2ee-test' });
    const [first, second] = [await registeredDevice(user, 501), await registeredDevice(user, 502)];
    expect((await api('POST', TEST, { auth: user })).body).toEqual({ result: 'success', msg: '' });
    for (const [device, account] of [
      [first, 501],
      [second, 502],
    ] as const) {
      const [push] = await providers.received(device.token);
      expect(push!.payload.push_account_id).toBe(String(account));
      const opened = sodium.crypto_box_seal_open(
        Buffer.from(push!.payload.encrypted_data as string, 'base64'),
        device.keys.publicKey,
        device.keys.privateKey,
      );
      expect(JSON.parse(Buffer.from(opened).toString('utf8'))).toEqual({
        realm_url: env.REALM_URL,
        realm_name: 'Zulip ES test organization',
        user_id: user.userId,
        type: 'test',
        time: expect.any(Number),
        push_account_id: account,
      });
    }
    expect((await api('POST', TEST, { auth: user, params: { push_account_id: 502 } })).body).toEqual({ result: 'success', msg: '' });
    expect(await providers.received(first.token)).toHaveLength(1);
    expect(await providers.received(second.token)).toHaveLength(2);
  });

  it('refuses a user with no registered device, or an account id of none of theirs: NO_ACTIVE_PUSH_DEVICE', async () => {
    const user = await createUser({ label: 'e2ee-test-none' });
    const none = await api('POST', TEST, { auth: user });
    expect(none.status).toBe(400);
    expect(none.body).toEqual({ result: 'error', code: 'NO_ACTIVE_PUSH_DEVICE', msg: 'No active registered push device' });
    await registeredDevice(user, 601);
    expect((await api('POST', TEST, { auth: user, params: { push_account_id: 602 } })).body).toMatchObject({
      code: 'NO_ACTIVE_PUSH_DEVICE',
    });
  });
});
