import sodium from 'libsodium-wrappers';
import type { EventEnvelope } from '@zulip-es/contracts';
import { api, captureEvents, createUser, systemInfo, type EventCapture, type TestUser } from '@zulip-es/testing';

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A client's registration, sealed to `bouncerKey` as Zulip's mobile app seals it. */
function sealed(registration: Record<string, unknown>, bouncerKey: string): string {
  return b64(sodium.crypto_box_seal(new TextEncoder().encode(JSON.stringify(registration)), Buffer.from(bouncerKey, 'base64')));
}

describe('POST /mobile_push/register (E11) through the push bouncer', () => {
  let capture: EventCapture;
  let bouncerKey: string;
  let pushKey: string;
  let nextAccount = 1000;
  beforeAll(async () => {
    await sodium.ready;
    capture = await captureEvents('push');
    bouncerKey = (JSON.parse(systemInfo().env.PUSH_BOUNCER_KEYS!) as { public_key: string }[])[0]!.public_key;
    pushKey = b64(sodium.crypto_box_keypair().publicKey);
  });
  afterAll(() => capture.stop());

  const register = (
    user: TestUser,
    pushAccountId: number,
    registration: Record<string, unknown>,
    overrides: Record<string, unknown> = {},
  ) =>
    api('POST', '/mobile_push/register', {
      auth: user,
      params: {
        token_kind: registration.token_kind,
        push_account_id: pushAccountId,
        push_public_key: pushKey,
        bouncer_public_key: bouncerKey,
        encrypted_push_registration: sealed(registration, bouncerKey),
        ...overrides,
      },
    });

  /** The events of the user's devices, once the `count`th has arrived. */
  const eventsOf = async (user: TestUser, count: number): Promise<EventEnvelope[]> => {
    const aggregateId = `push_devices:${user.userId}`;
    await capture.waitFor((e) => e.aggregateId === aggregateId && e.sequence === count);
    return capture.events.filter((e) => e.aggregateId === aggregateId);
  };

  it('answers at once, then the bouncer opens the sealed registration and the device becomes active', async () => {
    const user = await createUser({ label: 'push-e2ee' });
    const account = nextAccount++;
    const res = await register(user, account, {
      token: 'c0ffee'.repeat(8),
      token_kind: 'apns',
      ios_app_id: 'org.zulip.Zulip',
      timestamp: nowSeconds(),
    });
    expect(res.body).toEqual({ result: 'success', msg: '' });
    const events = await eventsOf(user, 2);
    expect(events.map((e) => e.type)).toEqual(['push_device.registration_requested.v1', 'push_device.registered.v1']);
    expect(events[0]!.data).toEqual(
      expect.objectContaining({
        userId: user.userId,
        pushAccountId: account,
        tokenKind: 'apns',
        pushPublicKey: pushKey,
        bouncerPublicKey: bouncerKey,
      }),
    );
    expect(events[1]!.data).toEqual({ userId: user.userId, pushAccountId: account, bouncerDeviceId: expect.any(Number) });
    // Registering the same account again changes nothing.
    expect(
      (
        await register(user, account, {
          token: 'c0ffee'.repeat(8),
          token_kind: 'apns',
          ios_app_id: 'org.zulip.Zulip',
          timestamp: nowSeconds(),
        })
      ).status,
    ).toBe(200);
    await new Promise((r) => setTimeout(r, 500));
    expect(capture.events.filter((e) => e.aggregateId === `push_devices:${user.userId}`)).toHaveLength(2);
  });

  it("answers the one device id the bouncer keeps for a server's account on a token, however often it is registered", async () => {
    const [ada, bob] = [await createUser({ label: 'push-e2ee-a' }), await createUser({ label: 'push-e2ee-b' })];
    const account = nextAccount++;
    const registration = { token: 'fcm-token-shared', token_kind: 'fcm', timestamp: nowSeconds() };
    await register(ada, account, registration);
    await register(bob, account, registration);
    const [a, b] = [(await eventsOf(ada, 2))[1]!, (await eventsOf(bob, 2))[1]!];
    expect(a.type).toBe('push_device.registered.v1');
    expect(b).toMatchObject({ type: 'push_device.registered.v1', data: { bouncerDeviceId: a.data.bouncerDeviceId } });
  });

  it.each([
    [
      'a registration sealed more than a day ago',
      'REQUEST_EXPIRED',
      (key: string) => ({
        encrypted_push_registration: sealed({ token: 'fcm-old', token_kind: 'fcm', timestamp: nowSeconds() - 25 * 3600 }, key),
      }),
    ],
    [
      "a public key that is not the bouncer's",
      'INVALID_BOUNCER_PUBLIC_KEY',
      () => ({ bouncer_public_key: b64(sodium.crypto_box_keypair().publicKey) }),
    ],
    [
      'a tampered ciphertext',
      'INVALID_ENCRYPTED_PUSH_REGISTRATION',
      (key: string) => {
        const box = Buffer.from(sealed({ token: 'fcm-t', token_kind: 'fcm', timestamp: nowSeconds() }, key), 'base64');
        box[box.length - 1]! ^= 1;
        return { encrypted_push_registration: box.toString('base64') };
      },
    ],
    [
      'an APNs registration without ios_app_id',
      'INVALID_ENCRYPTED_PUSH_REGISTRATION',
      (key: string) => ({ encrypted_push_registration: sealed({ token: 'c0ffee', token_kind: 'apns', timestamp: nowSeconds() }, key) }),
    ],
  ])('records the bouncer refusing %s as %s, and a new registration of the account then goes through', async (_name, code, overrides) => {
    const user = await createUser({ label: 'push-e2ee-refused' });
    const account = nextAccount++;
    const good = { token: 'fcm-good', token_kind: 'fcm', timestamp: nowSeconds() };
    expect((await register(user, account, good, overrides(bouncerKey))).body).toEqual({ result: 'success', msg: '' });
    const refused = await eventsOf(user, 2);
    expect(refused[1]).toMatchObject({
      type: 'push_device.registration_failed.v1',
      data: { userId: user.userId, pushAccountId: account, errorCode: code },
    });
    await register(user, account, good);
    expect((await eventsOf(user, 4)).slice(2).map((e) => e.type)).toEqual([
      'push_device.registration_requested.v1',
      'push_device.registered.v1',
    ]);
  });

  it("answers each registration of the caller, active or failed with the bouncer's error, in POST /register's push_devices", async () => {
    const user = await createUser({ label: 'push-e2ee-state' });
    const [active, failed] = [nextAccount++, nextAccount++];
    await register(user, active, { token: 'fcm-state', token_kind: 'fcm', timestamp: nowSeconds() });
    await eventsOf(user, 2);
    await register(
      user,
      failed,
      { token: 'fcm-state-2', token_kind: 'fcm', timestamp: nowSeconds() },
      { bouncer_public_key: b64(sodium.crypto_box_keypair().publicKey) },
    );
    await eventsOf(user, 4);
    const state = await api('POST', '/register', { auth: user, params: { fetch_event_types: ['push_device'] } });
    expect(state.body.push_devices).toEqual({
      [String(active)]: { status: 'active', error_code: null },
      [String(failed)]: { status: 'failed', error_code: 'INVALID_BOUNCER_PUBLIC_KEY' },
    });
    const other = await createUser({ label: 'push-e2ee-state-none' });
    expect((await api('POST', '/register', { auth: other, params: { fetch_event_types: ['push_device'] } })).body.push_devices).toEqual({});
    expect((await api('POST', '/register', { auth: user, params: { fetch_event_types: ['realm_user'] } })).body).not.toHaveProperty(
      'push_devices',
    );
  });

  it.each([
    [{ token_kind: 'wns' }, 'Invalid token_kind'],
    [{ push_account_id: 'twelve' }, 'push_account_id'],
  ])('refuses bad parameters (%j)', async (overrides, msg) => {
    const user = await createUser({ label: 'push-e2ee-bad' });
    const res = await register(user, nextAccount++, { token: 'x', token_kind: 'fcm', timestamp: nowSeconds() }, overrides);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ result: 'error', code: 'BAD_REQUEST', msg: expect.stringContaining(msg) });
  });

  it.each(['token_kind', 'push_account_id', 'push_public_key', 'bouncer_public_key', 'encrypted_push_registration'])(
    'requires %s',
    async (name) => {
      const user = await createUser({ label: 'push-e2ee-missing' });
      const params: Record<string, unknown> = {
        token_kind: 'fcm',
        push_account_id: 5,
        push_public_key: pushKey,
        bouncer_public_key: bouncerKey,
        encrypted_push_registration: 'eA==',
      };
      delete params[name];
      const res = await api('POST', '/mobile_push/register', { auth: user, params });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ result: 'error', code: 'REQUEST_VARIABLE_MISSING', msg: `Missing '${name}' argument`, var_name: name });
    },
  );
});
