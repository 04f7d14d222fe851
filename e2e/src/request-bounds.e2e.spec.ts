import {
  MAX_CHANNELS_PER_REQUEST,
  MAX_INVITEES_PER_REQUEST,
  MAX_NAVIGATION_VIEW_FRAGMENT_LENGTH,
  MAX_NAVIGATION_VIEW_NAME_LENGTH,
  MAX_NAVIGATION_VIEWS_PER_USER,
  MAX_SUBSCRIPTION_CHANGES_PER_REQUEST,
  MAX_USER_GROUP_DESCRIPTION_LENGTH,
  Role,
} from '@zulip-es/contracts';
import { api, createUser, owner, uniqueChannelName, uniqueGroupName, type TestUser } from '@zulip-es/testing';

/**
 * Requests that once took a service down or broke an endpoint for everyone, each refused now
 * with a Zulip error, changing nothing, the service answering the next request.
 */
const error = (msg: string) => ({ result: 'error', code: 'BAD_REQUEST', msg });
/** Just under the gateway's 1 MiB body once form-encoded. */
const NEAR_BODY_LIMIT = 900_000;

describe('a GET whose URL is over node’s 16 KiB', () => {
  it('answers a Zulip-shaped 431, and the next request is served', async () => {
    const res = await api('GET', '/users', { auth: owner(), params: { user_ids: Array.from({ length: 5_000 }, (_, i) => i + 1) } });
    expect(res.status).toBe(431);
    expect(res.body).toEqual(error('The request line and headers are too large (limit: 16 KiB).'));
    expect((await api('GET', '/users/me', { auth: owner() })).status).toBe(200);
  });
});

describe('navigation views', () => {
  let guest: TestUser;
  beforeAll(async () => {
    guest = await createUser({ role: Role.GUEST, label: 'views-bound' });
  });
  const add = (fragment: string, name: string) =>
    api('POST', '/navigation_views', { auth: guest, params: { fragment, is_pinned: true, name } });
  const views = async () => (await api('GET', '/navigation_views', { auth: guest })).body.navigation_views as unknown[];

  it('refuses a fragment or name of nearly a megabyte (one document per user held them all)', async () => {
    expect((await add('f'.repeat(NEAR_BODY_LIMIT), 'Huge')).body).toEqual(
      error(`fragment is too long (limit: ${MAX_NAVIGATION_VIEW_FRAGMENT_LENGTH} characters)`),
    );
    expect((await add('narrow/is/alerted', 'n'.repeat(NEAR_BODY_LIMIT))).body).toEqual(
      error(`name is too long (limit: ${MAX_NAVIGATION_VIEW_NAME_LENGTH} characters)`),
    );
    expect(await views()).toEqual([]);
  });

  it('keeps at most the bounded number of views, each of the largest size, and answers after', async () => {
    for (let i = 0; i < MAX_NAVIGATION_VIEWS_PER_USER; i++) {
      const res = await add(
        `narrow/channel/${i}/`.padEnd(MAX_NAVIGATION_VIEW_FRAGMENT_LENGTH, 'x'),
        `${i} `.padEnd(MAX_NAVIGATION_VIEW_NAME_LENGTH, 'v'),
      );
      expect(res.body).toEqual({ result: 'success', msg: '' });
    }
    const over = await add('narrow/is/alerted', 'One too many');
    expect(over.status).toBe(400);
    expect(over.body).toEqual({
      ...error(`You can have at most ${MAX_NAVIGATION_VIEWS_PER_USER} navigation views.`),
      max_navigation_views: MAX_NAVIGATION_VIEWS_PER_USER,
    });
    expect(await views()).toHaveLength(MAX_NAVIGATION_VIEWS_PER_USER);
    const registered = await api('POST', '/register', { auth: guest, params: { fetch_event_types: ['navigation_views'] } });
    expect(registered.status).toBe(200);
    expect(registered.body.navigation_views).toHaveLength(MAX_NAVIGATION_VIEWS_PER_USER);
  });
});

describe('user group descriptions', () => {
  it('refuses a description of nearly a megabyte, and POST /register keeps working for everyone', async () => {
    const member = await createUser({ label: 'group-description' });
    const name = uniqueGroupName('described');
    const huge = await api('POST', '/user_groups/create', {
      auth: member,
      params: { name, description: 'd'.repeat(NEAR_BODY_LIMIT), members: [] },
    });
    expect(huge.body).toEqual(error(`description is too long (limit: ${MAX_USER_GROUP_DESCRIPTION_LENGTH} characters)`));
    const largest = await api('POST', '/user_groups/create', {
      auth: member,
      params: { name, description: 'd'.repeat(MAX_USER_GROUP_DESCRIPTION_LENGTH), members: [] },
    });
    expect(largest.body).toMatchObject({ result: 'success' });
    const groupId = largest.body.group_id as number;
    const renamed = await api('PATCH', `/user_groups/${groupId}`, {
      auth: member,
      params: { description: 'e'.repeat(MAX_USER_GROUP_DESCRIPTION_LENGTH + 1) },
    });
    expect(renamed.body).toEqual(error(`description is too long (limit: ${MAX_USER_GROUP_DESCRIPTION_LENGTH} characters)`));
    const registered = await api('POST', '/register', { auth: owner(), params: { fetch_event_types: ['realm_user_groups'] } });
    expect(registered.status).toBe(200);
    expect((registered.body.realm_user_groups as { id: number; description: string }[]).find((g) => g.id === groupId)?.description).toBe(
      'd'.repeat(MAX_USER_GROUP_DESCRIPTION_LENGTH),
    );
  });
});

describe('POST /invites', () => {
  it('refuses more addresses than one request may hold, sending none', async () => {
    const admin = await createUser({ role: Role.ADMINISTRATOR, label: 'invites-bound' });
    const addresses = Array.from({ length: MAX_INVITEES_PER_REQUEST + 1 }, (_, i) => `bounded-${i}-${Date.now()}@example.com`);
    const res = await api('POST', '/invites', { auth: admin, params: { invitee_emails: addresses.join(','), stream_ids: [] } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      ...error(`You can invite at most ${MAX_INVITEES_PER_REQUEST} people at once; ${MAX_INVITEES_PER_REQUEST + 1} addresses were given.`),
      max_invitees: MAX_INVITEES_PER_REQUEST,
    });
    const listed = (await api('GET', '/invites', { auth: admin })).body.invites as { email: string }[];
    expect(listed.filter((i) => addresses.includes(i.email))).toEqual([]);
  });
});

describe('POST /users/me/subscriptions', () => {
  it('refuses more channel names than one request may hold, creating none', async () => {
    const member = await createUser({ label: 'subscribe-bound' });
    const names = Array.from({ length: MAX_CHANNELS_PER_REQUEST + 1 }, () => uniqueChannelName('bounded'));
    const res = await api('POST', '/users/me/subscriptions', { auth: member, params: { subscriptions: names.map((name) => ({ name })) } });
    expect(res.body).toEqual(error(`subscriptions is too long (limit: ${MAX_CHANNELS_PER_REQUEST} items)`));
    const id = await api('GET', '/get_stream_id', { auth: member, params: { stream: names[0] } });
    expect(id.status).toBe(400);
  });

  it('refuses more subscriptions (channels × users) than one request may hold', async () => {
    const admin = await createUser({ role: Role.ADMINISTRATOR, label: 'subscribe-product' });
    const channels = Array.from({ length: 2 }, () => ({ name: uniqueChannelName('product') }));
    const principals = Array.from({ length: MAX_SUBSCRIPTION_CHANGES_PER_REQUEST / 2 + 1 }, (_, i) => i + 1);
    const res = await api('POST', '/users/me/subscriptions', { auth: admin, params: { subscriptions: channels, principals } });
    expect(res.body).toEqual(
      error(`Too many subscriptions in one request: channels × users may be at most ${MAX_SUBSCRIPTION_CHANGES_PER_REQUEST}.`),
    );
    const gone = await api('DELETE', '/users/me/subscriptions', {
      auth: admin,
      params: { subscriptions: channels.map((c) => c.name), principals },
    });
    expect(gone.body).toEqual(
      error(`Too many subscriptions in one request: channels × users may be at most ${MAX_SUBSCRIPTION_CHANGES_PER_REQUEST}.`),
    );
  });
});
