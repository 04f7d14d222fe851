import { dummyEmail, Role } from '@zulip-es/contracts';
import { api, createUser, owner, systemInfo, type TestUser } from '@zulip-es/testing';

type Legacy = Record<string, { website: Record<string, unknown>; aggregated: Record<string, unknown> }>;

const ping = (user: TestUser, params: Record<string, unknown>) => api('POST', '/users/me/presence', { auth: user, params });
const apiEmailOf = async (user: TestUser) =>
  ((await api('GET', `/users/${user.userId}`, { auth: owner() })).body.user as { email: string }).email;
const realmPresence = async (viewer = owner()) => (await api('GET', '/realm/presence', { auth: viewer })).body;
const nowSeconds = () => Date.now() / 1000;

describe('POST /users/me/presence', () => {
  it('records an active ping and answers everyone in the legacy format, keyed by API email', async () => {
    const user = await createUser({ label: 'presence-legacy' });
    const res = await ping(user, { status: 'active' });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['msg', 'presence_last_update_id', 'presences', 'result', 'server_timestamp']);
    expect(Math.abs((res.body.server_timestamp as number) - nowSeconds())).toBeLessThan(30);
    const own = (res.body.presences as Legacy)[await apiEmailOf(user)]!;
    expect(own.website).toEqual({ client: 'website', status: 'active', timestamp: expect.any(Number), pushable: false });
    expect(own.aggregated).toEqual({ client: 'website', status: 'active', timestamp: own.website.timestamp });
    expect(Math.abs((own.website.timestamp as number) - nowSeconds())).toBeLessThan(30);
  });

  it('gives an idle-only user their join time as active_timestamp in the modern format', async () => {
    const user = await createUser({ label: 'presence-idle-modern' });
    const res = await ping(user, { status: 'idle', last_update_id: -1 });
    const own = (res.body.presences as Record<string, { active_timestamp: number; idle_timestamp: number }>)[String(user.userId)]!;
    expect(own.idle_timestamp).toBeGreaterThanOrEqual(own.active_timestamp);
    expect(Math.abs(own.idle_timestamp - nowSeconds())).toBeLessThan(30);
  });

  it('answers in the modern format with last_update_id, and then only what is newer', async () => {
    const user = await createUser({ label: 'presence-modern' });
    await ping(user, { status: 'active' });
    const first = await ping(user, { status: 'active', last_update_id: -1 });
    const presences = first.body.presences as Record<string, { active_timestamp: number; idle_timestamp: number }>;
    expect(presences[String(user.userId)]).toEqual({ active_timestamp: expect.any(Number), idle_timestamp: expect.any(Number) });
    const lastId = first.body.presence_last_update_id as number;
    expect(lastId).toBeGreaterThan(0);

    const other = await createUser({ label: 'presence-newer' });
    await ping(other, { status: 'idle', ping_only: true });
    const next = await api('POST', '/users/me/presence', { auth: owner(), params: { status: 'active', last_update_id: lastId } });
    const newer = next.body.presences as Record<string, unknown>;
    expect(newer).toHaveProperty(String(other.userId));
    expect(newer).not.toHaveProperty(String(user.userId));
    expect(next.body.presence_last_update_id as number).toBeGreaterThan(lastId);
  });

  it('answers only presence_last_update_id to ping_only', async () => {
    const user = await createUser({ label: 'presence-ping-only' });
    expect((await ping(user, { status: 'idle', ping_only: true })).body).toEqual({
      result: 'success',
      msg: '',
      presence_last_update_id: -1,
    });
    expect((await ping(user, { status: 'idle', ping_only: true, last_update_id: 7 })).body).toEqual({
      result: 'success',
      msg: '',
      presence_last_update_id: 7,
    });
  });

  it.each([
    ['member', Role.MEMBER],
    ['guest', Role.GUEST],
    ['moderator', Role.MODERATOR],
  ])('is open to a %s', async (_name, role) => {
    const user = await createUser({ role, label: 'presence-role' });
    expect((await ping(user, { status: 'active', ping_only: true })).status).toBe(200);
  });

  it('refuses an unknown status and records nothing', async () => {
    const user = await createUser({ label: 'presence-invalid' });
    expect((await ping(user, { status: 'away' })).body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'Invalid status: away' });
    expect((await realmPresence()).presences).not.toHaveProperty([await apiEmailOf(user)]);
  });

  it('requires status', async () => {
    const user = await createUser({ label: 'presence-missing' });
    expect((await ping(user, {})).body).toEqual({
      result: 'error',
      code: 'REQUEST_VARIABLE_MISSING',
      msg: "Missing 'status' argument",
      var_name: 'status',
    });
  });

  it('refuses a malformed last_update_id', async () => {
    const user = await createUser({ label: 'presence-bad-id' });
    expect((await ping(user, { status: 'active', last_update_id: 'x' })).body).toMatchObject({ result: 'error', code: 'BAD_REQUEST' });
  });
});

describe('GET /realm/presence (E18)', () => {
  it('shows each present user by API email, without presence_last_update_id', async () => {
    const [idle, active] = await Promise.all([createUser({ label: 'presence-idle' }), createUser({ label: 'presence-active' })]);
    await ping(idle, { status: 'idle', ping_only: true });
    await ping(active, { status: 'active', ping_only: true });
    const res = await api('GET', '/realm/presence', { auth: idle });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['msg', 'presences', 'result', 'server_timestamp']);
    const presences = res.body.presences as Legacy;
    // Zulip counts a user never active as active when they joined, which for a new user is
    // within the legacy format's 70 s window: both show active (idle is covered by unit specs).
    expect(presences[await apiEmailOf(idle)]!.aggregated).toMatchObject({ client: 'website', status: 'active' });
    expect(presences[await apiEmailOf(active)]!.website).toMatchObject({ client: 'website', status: 'active', pushable: false });
    // Keys are API emails: the `email` field of the user, never a delivery email that it hides.
    for (const key of Object.keys(presences)) expect(key).toMatch(/@/);
  });

  it('leaves out deactivated users', async () => {
    const user = await createUser({ label: 'presence-deactivated' });
    await ping(user, { status: 'active', ping_only: true });
    const email = await apiEmailOf(user);
    expect((await realmPresence()).presences).toHaveProperty([email]);
    await api('DELETE', `/users/${user.userId}`, { auth: owner() });
    expect((await realmPresence()).presences).not.toHaveProperty([email]);
  });

  it('is open to guests, who see everyone by default', async () => {
    const [guest, other] = await Promise.all([
      createUser({ role: Role.GUEST, label: 'presence-guest' }),
      createUser({ label: 'presence-seen' }),
    ]);
    await ping(other, { status: 'active', ping_only: true });
    expect((await realmPresence(guest)).presences).toHaveProperty([await apiEmailOf(other)]);
  });

  it('hides users who turned presence_enabled off, and records none of their pings', async () => {
    const user = await createUser({ label: 'presence-invisible' });
    await ping(user, { status: 'active', ping_only: true });
    const email = await apiEmailOf(user);
    expect((await realmPresence()).presences).toHaveProperty([email]);
    expect((await api('PATCH', '/settings', { auth: user, params: { presence_enabled: false } })).status).toBe(200);
    await ping(user, { status: 'active', ping_only: true });
    expect((await realmPresence()).presences).not.toHaveProperty([email]);
    expect((await api('PATCH', '/settings', { auth: user, params: { presence_enabled: true } })).status).toBe(200);
  });

  it('keys a user who hides their email by the dummy address, never the real one', async () => {
    const user = await createUser({ label: 'presence-hidden-email' });
    expect((await api('PATCH', '/settings', { auth: user, params: { email_address_visibility: 4 } })).status).toBe(200);
    await ping(user, { status: 'active', ping_only: true });
    const keys = Object.keys((await realmPresence()).presences as Legacy);
    expect(keys).toContain(dummyEmail(user.userId, systemInfo().realmHost));
    expect(keys).not.toContain(user.email);
  });

  it('reports parameters it does not read', async () => {
    const res = await api('GET', '/realm/presence', { auth: owner(), params: { slim_presence: true } });
    expect(res.body.ignored_parameters_unsupported).toEqual(['slim_presence']);
  });
});

describe('GET /users/{user_id_or_email}/presence', () => {
  const userPresence = (viewer: TestUser, named: string) => api('GET', `/users/${encodeURIComponent(named)}/presence`, { auth: viewer });

  it("answers one user's presence by id, real email or API email, without client and pushable", async () => {
    const [viewer, user] = [await createUser({ label: 'presence-one-viewer' }), await createUser({ label: 'presence-one' })];
    await ping(user, { status: 'active' });
    for (const named of [String(user.userId), user.email, dummyEmail(user.userId, systemInfo().realmHost)]) {
      const res = await userPresence(viewer, named);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        result: 'success',
        msg: '',
        presence: {
          website: { status: 'active', timestamp: expect.any(Number) },
          aggregated: { status: 'active', timestamp: expect.any(Number) },
        },
      });
    }
  });

  it("answers Zulip's errors: no such user, no presence data", async () => {
    const [viewer, silent] = [await createUser({ label: 'presence-one-errors' }), await createUser({ label: 'presence-none' })];
    expect((await userPresence(viewer, '99999999')).body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'No such user' });
    expect((await userPresence(viewer, 'nobody@example.com')).body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'No such user' });
    expect((await userPresence(viewer, String(silent.userId))).body).toEqual({
      result: 'error',
      code: 'BAD_REQUEST',
      msg: `No presence data for ${silent.userId}`,
    });
  });
});
