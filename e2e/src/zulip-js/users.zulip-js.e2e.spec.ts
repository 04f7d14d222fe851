import zulip from 'zulip-js';
import { Role, ZULIP_FEATURE_LEVEL } from '@zulip-es/contracts';
import { createUser, owner, systemInfo, uniqueEmail } from '@zulip-es/testing';
import { clientFor, failed, logIn, newUserClient, ownerClient, realmUrl, succeeded } from './zulip-js-client';

/**
 * The users operations driven by the official zulip-js client, as an application calls them:
 * its own encoding (multipart POST bodies, query strings for every other method) and its parsed
 * results, success and error alike.
 */

type UserReply = { user: zulip.User };

describe('zulip-js: connecting', () => {
  it('reads the server settings an application needs before logging in', async () => {
    const client = await ownerClient();
    const settings = succeeded(await client.server.settings());
    expect(settings).toMatchObject({
      zulip_feature_level: ZULIP_FEATURE_LEVEL,
      authentication_methods: expect.objectContaining({ password: true }),
      realm_url: expect.stringMatching(/^https?:\/\//),
    });
    expect(typeof settings.zulip_version).toBe('string');
  });

  it('accepts the realm given with or without its /api suffix', async () => {
    const withApi = await zulip({ realm: `${realmUrl()}/api`, username: owner().email, apiKey: owner().apiKey });
    expect(withApi.config.apiURL).toBe(`${realmUrl()}/api/v1`);
    expect(succeeded(await withApi.users.me.getProfile()).user_id).toBe(systemInfo().owner.userId);
  });

  it('logs in with email and password and gets the same API key the account has', async () => {
    const user = await createUser({ label: 'zjs-login' });
    const client = await logIn(user.email, user.password);
    expect(client.config.apiKey).toBe(user.apiKey);
    expect(succeeded(await client.users.me.getProfile())).toMatchObject({ user_id: user.userId, email: user.email });
  });

  it('logs in a user who hides their email, and the key works with the email the login answered', async () => {
    const user = await createUser({ label: 'zjs-hidden' });
    succeeded(await (await clientFor(user)).callEndpoint('/settings', 'PATCH', { email_address_visibility: 4 }));
    const login = succeeded(await (await logIn(user.email, user.password)).accounts.retrieve());
    expect(login).toMatchObject({ api_key: user.apiKey, email: user.email, user_id: user.userId });
    const client = await clientFor({ email: login.email, apiKey: login.api_key });
    const me = succeeded(await client.users.me.getProfile());
    expect(me).toMatchObject({
      user_id: user.userId,
      email: `user${user.userId}@${new URL(`http://${systemInfo().realmHost}`).hostname}`,
      delivery_email: user.email,
    });
  });

  it('gets no API key for a wrong password, and the login error as Zulip words it', async () => {
    const user = await createUser({ label: 'zjs-bad-login' });
    const client = await zulip({ realm: realmUrl(), username: user.email, password: 'not-the-password' });
    expect(client.config.apiKey).toBeUndefined();
    expect(failed(await client.accounts.retrieve())).toEqual({
      result: 'error',
      code: 'AUTHENTICATION_FAILED',
      msg: 'Your username or password is incorrect',
    });
  });
});

describe('zulip-js: users.me.getProfile (E15)', () => {
  it("returns the caller's own record", async () => {
    const { user, client } = await newUserClient({ role: Role.MODERATOR, label: 'zjs-me' });
    const me = succeeded(await client.users.me.getProfile());
    expect(me).toMatchObject({
      result: 'success',
      user_id: user.userId,
      email: user.email,
      delivery_email: user.email,
      full_name: user.fullName,
      role: Role.MODERATOR,
      is_admin: false,
      is_owner: false,
      is_guest: false,
      is_bot: false,
      is_active: true,
      max_message_id: -1,
    });
    expect(me.date_joined).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d\+00:00$/);
  });
});

describe('zulip-js: users.retrieve and users.create', () => {
  it('lets an administrator create a user, who then logs in and is listed and retrievable', async () => {
    const { client: admin } = await newUserClient({ role: Role.ADMINISTRATOR, label: 'zjs-admin' });
    const email = uniqueEmail('zjs-created');
    const created = succeeded(await admin.users.create({ email, password: 'zjs-secret-pw', full_name: 'Made With zulip-js' }));
    expect(created.user_id).toEqual(expect.any(Number));

    const newcomer = await logIn(email, 'zjs-secret-pw');
    expect(succeeded(await newcomer.users.me.getProfile())).toMatchObject({
      user_id: created.user_id,
      full_name: 'Made With zulip-js',
      role: Role.MEMBER,
    });

    const all = succeeded(await newcomer.users.retrieve());
    expect(all.members.map((m) => m.user_id)).toEqual(expect.arrayContaining([created.user_id, systemInfo().owner.userId]));

    const one = succeeded(await admin.callEndpoint<UserReply>(`/users/${created.user_id}`));
    expect(one.user).toMatchObject({ user_id: created.user_id, email, full_name: 'Made With zulip-js', is_active: true });
  });

  it('lists only the users asked for, with JSON inside the query string as Zulip expects', async () => {
    const { client } = await newUserClient({ label: 'zjs-lister' });
    const other = await createUser({ label: 'zjs-listed' });
    // zulip-js puts GET parameters in the query string as String(value): the application JSON-encodes lists.
    const some = succeeded(await client.users.retrieve({ user_ids: JSON.stringify([other.userId]), client_gravatar: 'false' }));
    expect(some.members).toEqual([expect.objectContaining({ user_id: other.userId, avatar_url: expect.stringContaining('gravatar') })]);
  });

  it('surfaces a refused creation as the error result with its code and message', async () => {
    const { user, client } = await newUserClient({ role: Role.ADMINISTRATOR, label: 'zjs-dup' });
    const again = failed(await client.users.create({ email: user.email, password: 'zjs-secret-pw', full_name: 'Twin' }));
    expect(again).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: `Email '${user.email}' already in use` });
  });
});

describe('zulip-js: changing users through callEndpoint', () => {
  it("updates a user's full name and role (PATCH parameters in the query string)", async () => {
    const admin = await ownerClient();
    const { user, client } = await newUserClient({ label: 'zjs-renamed' });
    succeeded(await admin.callEndpoint(`/users/${user.userId}`, 'PATCH', { full_name: 'Renamed By zulip-js', role: Role.MODERATOR }));
    expect(succeeded(await client.users.me.getProfile())).toMatchObject({ full_name: 'Renamed By zulip-js', role: Role.MODERATOR });
    const seen = succeeded(await admin.callEndpoint<UserReply>(`/users/${user.userId}`));
    expect(seen.user).toMatchObject({ full_name: 'Renamed By zulip-js', role: Role.MODERATOR });
  });

  it('deactivates a user, whose client is then refused, and reactivates them', async () => {
    const admin = await ownerClient();
    const { user, client } = await newUserClient({ label: 'zjs-leaver' });
    succeeded(await admin.callEndpoint(`/users/${user.userId}`, 'DELETE'));
    expect(failed(await client.users.me.getProfile())).toEqual({
      result: 'error',
      code: 'USER_DEACTIVATED',
      msg: 'Account is deactivated',
    });
    expect(succeeded(await admin.callEndpoint<UserReply>(`/users/${user.userId}`)).user.is_active).toBe(false);

    succeeded(await admin.callEndpoint(`/users/${user.userId}/reactivate`, 'POST'));
    expect(succeeded(await client.users.me.getProfile()).is_active).toBe(true);
  });
});

describe('zulip-js: queues.register', () => {
  it('registers with the fetch types asked for, read from its multipart body', async () => {
    const { client } = await newUserClient({ label: 'zjs-register' });
    // zulip-js JSON-encodes the list itself; booleans must be given as text, since its
    // multipart transport cannot append a boolean (it throws before sending).
    const registered = succeeded(
      await client.queues.register({ fetch_event_types: ['realm'], apply_markdown: 'true', client_gravatar: 'false' }),
    );
    expect(registered).toMatchObject({ zulip_feature_level: ZULIP_FEATURE_LEVEL, last_event_id: -1, max_topic_length: expect.any(Number) });
  });
});

describe('zulip-js: errors as the client surfaces them', () => {
  it('answers a wrong API key with INVALID_API_KEY', async () => {
    const client = await clientFor({ email: owner().email, apiKey: 'x'.repeat(32) });
    expect(failed(await client.users.me.getProfile())).toEqual({ result: 'error', code: 'INVALID_API_KEY', msg: 'Invalid API key' });
  });

  it('answers a member calling an administrator operation with UNAUTHORIZED_PRINCIPAL', async () => {
    const { client } = await newUserClient({ label: 'zjs-member' });
    const refused = failed(await client.users.create({ email: uniqueEmail('zjs-nope'), password: 'zjs-secret-pw', full_name: 'Nope' }));
    expect(refused).toEqual({ result: 'error', code: 'UNAUTHORIZED_PRINCIPAL', msg: 'Must be an organization administrator' });
    const target = await createUser({ label: 'zjs-target' });
    const patch = failed(await client.callEndpoint(`/users/${target.userId}`, 'PATCH', { full_name: 'Nope' }));
    expect(patch.code).toBe('UNAUTHORIZED_PRINCIPAL');
  });
});
