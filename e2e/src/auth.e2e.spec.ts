import { OPERATIONS, Role } from '@zulip-es/contracts';
import { api, createUser, owner, systemInfo, type TestUser } from '@zulip-es/testing';

const authenticated = OPERATIONS.filter((op) => op.auth === 'user');
const adminOnly = OPERATIONS.filter((op) => op.minRole !== undefined && op.minRole <= Role.ADMINISTRATOR);
/** A value for each path parameter, so every operation's route is reached (the checks run before the lookup). */
const PATH_VALUES: Record<string, () => string> = {
  user_id: () => String(systemInfo().owner.userId),
  fragment: () => encodeURIComponent('narrow/is/starred'),
  filter_id: () => '1',
  email: () => encodeURIComponent(systemInfo().owner.email),
  field_id: () => '1',
  user_group_id: () => '1',
};
const pathOf = (path: string) => path.replace(/\{(\w+)\}/g, (_match, name: string) => (PATH_VALUES[name] ?? (() => '1'))());
const named = (ops: typeof OPERATIONS) => ops.map((op) => [`${op.method} ${op.path}`, op] as const);

describe('authentication on every operation', () => {
  let deactivated: TestUser;

  beforeAll(async () => {
    deactivated = await createUser({ label: 'deactivated' });
    const res = await api('DELETE', `/users/${deactivated.userId}`, { auth: owner() });
    expect(res.status).toBe(200);
  });

  describe.each(named(authenticated))('%s', (_name, op) => {
    it('without credentials: 401 UNAUTHORIZED with a Basic challenge', async () => {
      const res = await api(op.method, pathOf(op.path));
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Basic realm="zulip"');
      expect(res.body).toEqual({
        result: 'error',
        code: 'UNAUTHORIZED',
        msg: 'Not logged in: API authentication or user session required',
      });
    });

    it('with a malformed header: 401', async () => {
      const res = await api(op.method, pathOf(op.path), { authorization: 'Basic !!!' });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: 'UNAUTHORIZED', msg: 'Invalid authorization header for basic auth' });
    });

    it('with a wrong key: 401 INVALID_API_KEY', async () => {
      const res = await api(op.method, pathOf(op.path), { auth: { email: owner().email, apiKey: 'x'.repeat(32) } });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ result: 'error', code: 'INVALID_API_KEY', msg: 'Invalid API key' });
    });

    it('as a deactivated user: 401 USER_DEACTIVATED', async () => {
      const res = await api(op.method, pathOf(op.path), { auth: deactivated });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ result: 'error', code: 'USER_DEACTIVATED', msg: 'Account is deactivated' });
    });
  });

  describe.each(named(adminOnly))('%s as a moderator', (_name, op) => {
    it('is refused with UNAUTHORIZED_PRINCIPAL', async () => {
      const moderator = await createUser({ role: Role.MODERATOR });
      const res = await api(op.method, pathOf(op.path), { auth: moderator, params: {} });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ result: 'error', code: 'UNAUTHORIZED_PRINCIPAL', msg: 'Must be an organization administrator' });
    });
  });

  it('a non-Basic scheme is refused with 400', async () => {
    const res = await api('GET', '/users/me', { authorization: 'Bearer abc' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'This endpoint requires HTTP basic authentication.' });
  });

  it('a key of the wrong shape is "Malformed API key"', async () => {
    const res = await api('GET', '/users/me', { auth: { email: owner().email, apiKey: 'short' } });
    expect(res.body).toMatchObject({ code: 'INVALID_API_KEY', msg: 'Malformed API key' });
  });

  it("a valid key with another user's email is refused", async () => {
    const user = await createUser();
    const res = await api('GET', '/users/me', { auth: { email: owner().email, apiKey: user.apiKey } });
    expect(res.body).toMatchObject({ code: 'INVALID_API_KEY' });
  });
});

describe('POST /fetch_api_key', () => {
  it('returns the same key every time, which authenticates', async () => {
    const user = await createUser();
    const res = await api('POST', '/fetch_api_key', { params: { username: user.email, password: user.password } });
    expect(res.body).toEqual({ result: 'success', msg: '', api_key: user.apiKey, email: user.email, user_id: user.userId });
  });

  it('answers the delivery email of a user who hides it, and Basic auth takes that email with the key', async () => {
    const user = await createUser({ label: 'hidden-email' });
    expect((await api('PATCH', '/settings', { auth: user, params: { email_address_visibility: 4 } })).status).toBe(200);
    const login = await api('POST', '/fetch_api_key', { params: { username: user.email, password: user.password } });
    expect(login.body).toEqual({ result: 'success', msg: '', api_key: user.apiKey, email: user.email, user_id: user.userId });
    const me = await api('GET', '/users/me', { auth: { email: login.body.email as string, apiKey: login.body.api_key as string } });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ user_id: user.userId, delivery_email: user.email });
  });

  it('gives a user who hides their email a dummy address on the host without its port', async () => {
    const [user, viewer] = await Promise.all([createUser({ label: 'dummy-address' }), createUser()]);
    expect((await api('PATCH', '/settings', { auth: user, params: { email_address_visibility: 4 } })).status).toBe(200);
    const host = new URL(`http://${systemInfo().realmHost}`).hostname;
    const seen = await api('GET', `/users/${user.userId}`, { auth: viewer });
    expect(seen.body.user).toMatchObject({ email: `user${user.userId}@${host}`, delivery_email: null });
    expect((await api('GET', '/users/me', { auth: user })).body.email).toBe(`user${user.userId}@${host}`);
    expect((seen.body.user as { email: string }).email).not.toContain(':');
  });

  it.each([
    ['a wrong password', (u: TestUser) => ({ username: u.email, password: 'wrong-password' })],
    ['an unknown email', () => ({ username: 'nobody@example.com', password: 'whatever' })],
  ])('refuses %s with 401 AUTHENTICATION_FAILED', async (_what, params) => {
    const user = await createUser();
    const res = await api('POST', '/fetch_api_key', { params: params(user) });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ result: 'error', code: 'AUTHENTICATION_FAILED', msg: 'Your username or password is incorrect' });
  });

  it('refuses a deactivated account with 401 USER_DEACTIVATED', async () => {
    const user = await createUser();
    await api('DELETE', `/users/${user.userId}`, { auth: owner() });
    const res = await api('POST', '/fetch_api_key', { params: { username: user.email, password: user.password } });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 'USER_DEACTIVATED' });
  });

  it('requires both parameters', async () => {
    const res = await api('POST', '/fetch_api_key', { params: { username: 'a@example.com' } });
    expect(res.body).toEqual({
      result: 'error',
      code: 'REQUEST_VARIABLE_MISSING',
      msg: "Missing 'password' argument",
      var_name: 'password',
    });
  });
});
