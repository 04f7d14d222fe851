import { randomBytes } from 'node:crypto';
import { Role } from '@zulip-es/contracts';
import { api, createUser, owner, type Credentials } from '@zulip-es/testing';

/** A path segment as clients send it: the fragment's slashes URL-encoded. */
const at = (fragment: string) => `/navigation_views/${encodeURIComponent(fragment)}`;
const unique = () => randomBytes(4).toString('hex');
const views = async (auth: Credentials) =>
  (await api('GET', '/navigation_views', { auth })).body.navigation_views as {
    fragment: string;
    is_pinned: boolean;
    name: string | null;
  }[];
const success = { result: 'success', msg: '' };
const badRequest = (msg: string) => ({ result: 'error', code: 'BAD_REQUEST', msg });

describe('navigation views (E12)', () => {
  let user: Credentials;
  beforeEach(async () => {
    user = await createUser({ label: 'views' });
  });

  describe('POST /navigation_views', () => {
    it('adds a custom view and a built-in one, listed in the order they were added', async () => {
      const custom = await api('POST', '/navigation_views', {
        auth: user,
        params: { fragment: ' narrow/is/alerted ', is_pinned: true, name: ' Alert Words ' },
      });
      expect(custom.status).toBe(200);
      expect(custom.body).toEqual(success);
      const builtIn = await api('POST', '/navigation_views', { auth: user, params: { fragment: 'narrow/is/starred', is_pinned: false } });
      expect(builtIn.body).toEqual(success);
      expect(await views(user)).toEqual([
        { fragment: 'narrow/is/alerted', is_pinned: true, name: 'Alert Words' },
        { fragment: 'narrow/is/starred', is_pinned: false, name: null },
      ]);
    });

    it('keeps each user’s views to that user', async () => {
      const other = await createUser({ label: 'other-views' });
      await api('POST', '/navigation_views', { auth: other, params: { fragment: 'inbox', is_pinned: false } });
      expect(await views(user)).toEqual([]);
      expect(await views(other)).toEqual([{ fragment: 'inbox', is_pinned: false, name: null }]);
    });

    it.each([
      ['a blank fragment', { fragment: '   ', is_pinned: true, name: 'X' }, 'fragment cannot be blank'],
      ['a blank name', { fragment: 'narrow/channel/1', is_pinned: true, name: ' ' }, 'name cannot be blank'],
      ['a name for a built-in view', { fragment: 'inbox', is_pinned: true, name: 'My inbox' }, 'Built-in views cannot have a custom name.'],
      ['a custom view without a name', { fragment: 'narrow/channel/1', is_pinned: true }, 'Custom views must have a valid name.'],
      ['a non-boolean is_pinned', { fragment: 'inbox', is_pinned: 'yes' }, 'is_pinned is not valid JSON'],
    ])('refuses %s and changes nothing', async (_what, params, msg) => {
      const res = await api('POST', '/navigation_views', { auth: user, params });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(badRequest(msg));
      expect(await views(user)).toEqual([]);
    });

    it('requires is_pinned', async () => {
      const res = await api('POST', '/navigation_views', { auth: user, params: { fragment: 'inbox' } });
      expect(res.body).toEqual({
        result: 'error',
        code: 'REQUEST_VARIABLE_MISSING',
        msg: "Missing 'is_pinned' argument",
        var_name: 'is_pinned',
      });
    });

    it('refuses a second view with the same fragment or the same name', async () => {
      await api('POST', '/navigation_views', { auth: user, params: { fragment: 'narrow/channel/5', is_pinned: true, name: 'Five' } });
      const before = await views(user);
      for (const params of [
        { fragment: 'narrow/channel/5', is_pinned: false, name: 'Another' },
        { fragment: 'narrow/channel/6', is_pinned: false, name: 'Five' },
      ]) {
        const res = await api('POST', '/navigation_views', { auth: user, params });
        expect(res.body).toEqual(badRequest('Navigation view already exists.'));
      }
      expect(await views(user)).toEqual(before);
    });

    it('reports parameters it does not read', async () => {
      const res = await api('POST', '/navigation_views', { auth: user, params: { fragment: 'recent', is_pinned: true, colour: 'red' } });
      expect(res.body).toEqual({ ...success, ignored_parameters_unsupported: ['colour'] });
    });
  });

  describe('PATCH /navigation_views/{fragment}', () => {
    const name = `Channel ${unique()}`;
    beforeEach(async () => {
      await api('POST', '/navigation_views', { auth: user, params: { fragment: 'narrow/channel/9', is_pinned: true, name } });
      await api('POST', '/navigation_views', { auth: user, params: { fragment: 'narrow/is/starred', is_pinned: true } });
    });

    it('renames and unpins a view named by its URL-encoded fragment', async () => {
      const res = await api('PATCH', at('narrow/channel/9'), { auth: user, params: { name: 'Renamed', is_pinned: false } });
      expect(res.status).toBe(200);
      expect(res.body).toEqual(success);
      expect(await views(user)).toEqual([
        { fragment: 'narrow/channel/9', is_pinned: false, name: 'Renamed' },
        { fragment: 'narrow/is/starred', is_pinned: true, name: null },
      ]);
    });

    it('unpins a built-in view', async () => {
      expect((await api('PATCH', at('narrow/is/starred'), { auth: user, params: { is_pinned: false } })).body).toEqual(success);
      expect(await views(user)).toContainEqual({ fragment: 'narrow/is/starred', is_pinned: false, name: null });
    });

    it.each([
      ['a name for a built-in view', 'narrow/is/starred', { name: 'Stars' }, 'Built-in views cannot have a custom name.'],
      ['a name already in use', 'narrow/channel/9', { name }, 'Navigation view already exists.'],
      ['a blank name', 'narrow/channel/9', { name: '  ' }, 'name cannot be blank'],
    ])('refuses %s and changes nothing', async (_what, fragment, params, msg) => {
      const before = await views(user);
      const res = await api('PATCH', at(fragment), { auth: user, params });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(badRequest(msg));
      expect(await views(user)).toEqual(before);
    });

    it('answers 404 for a view the user has not configured', async () => {
      const res = await api('PATCH', at('narrow/is/mentioned'), { auth: user, params: { is_pinned: true } });
      expect(res.status).toBe(404);
      expect(res.body).toEqual(badRequest('Navigation view does not exist.'));
    });
  });

  describe('DELETE /navigation_views/{fragment}', () => {
    it('removes the view and keeps the others in order', async () => {
      for (const fragment of ['inbox', 'narrow/has/reaction/sender/me', 'recent']) {
        await api('POST', '/navigation_views', { auth: user, params: { fragment, is_pinned: true } });
      }
      const res = await api('DELETE', at('narrow/has/reaction/sender/me'), { auth: user });
      expect(res.body).toEqual(success);
      expect((await views(user)).map((v) => v.fragment)).toEqual(['inbox', 'recent']);
    });

    it('answers 404 for a view the user has not configured', async () => {
      const res = await api('DELETE', at('narrow/is/starred'), { auth: user });
      expect(res.status).toBe(404);
      expect(res.body).toEqual(badRequest('Navigation view does not exist.'));
    });
  });

  it.each([
    ['owner', null],
    ['administrator', Role.ADMINISTRATOR],
    ['moderator', Role.MODERATOR],
    ['member', Role.MEMBER],
    ['guest', Role.GUEST],
  ])('lets a %s manage their own views', async (_role, role) => {
    const auth = role === null ? owner() : await createUser({ role, label: 'views-role' });
    const fragment = `narrow/channel/${unique()}`;
    expect(
      (await api('POST', '/navigation_views', { auth, params: { fragment, is_pinned: true, name: `View ${fragment}` } })).body,
    ).toEqual(success);
    expect((await api('PATCH', at(fragment), { auth, params: { is_pinned: false } })).body).toEqual(success);
    expect(await views(auth)).toContainEqual({ fragment, is_pinned: false, name: `View ${fragment}` });
    expect((await api('DELETE', at(fragment), { auth })).body).toEqual(success);
    expect(await views(auth)).not.toContainEqual(expect.objectContaining({ fragment }));
  });

  it('POST /register answers the views under navigation_views', async () => {
    await api('POST', '/navigation_views', { auth: user, params: { fragment: 'feed', is_pinned: false } });
    const res = await api('POST', '/register', { auth: user, params: { fetch_event_types: ['navigation_views'] } });
    expect(res.body.navigation_views).toEqual([{ fragment: 'feed', is_pinned: false, name: null }]);
  });
});
