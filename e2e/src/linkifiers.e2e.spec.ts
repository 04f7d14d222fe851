import { randomBytes } from 'node:crypto';
import { Role } from '@zulip-es/contracts';
import { api, createUser, owner, type Credentials, type TestUser } from '@zulip-es/testing';

/**
 * Linkifiers belong to the whole organization, which every test file shares: tests assert on the
 * linkifiers they created (by id), and only the reorder test, which must name every linkifier,
 * works from the list it reads first.
 */
interface LinkifierDict {
  id: number;
  pattern: string;
  url_template: string;
}

const unique = () => randomBytes(4).toString('hex');
const aLinkifier = (tag = unique()) => ({ pattern: `T${tag}-(?P<id>[0-9]+)`, url_template: `https://tracker.example/${tag}/{id}` });
const list = async (auth: Credentials = owner()): Promise<LinkifierDict[]> =>
  (await api('GET', '/realm/linkifiers', { auth })).body.linkifiers as LinkifierDict[];
const ids = async () => (await list()).map((l) => l.id);
const find = async (id: number) => (await list()).find((l) => l.id === id);
const success = { result: 'success', msg: '' };
const notAdmin = { result: 'error', code: 'UNAUTHORIZED_PRINCIPAL', msg: 'Must be an organization administrator' };
const validationFailure = (msg: string, errors: Record<string, string[]>) => ({ result: 'error', code: 'BAD_REQUEST', msg, errors });

async function add(params = aLinkifier(), auth: Credentials = owner()): Promise<number> {
  const res = await api('POST', '/realm/filters', { auth, params });
  expect(res.body).toEqual({ ...success, id: expect.any(Number) });
  return res.body.id as number;
}

describe('linkifiers', () => {
  let admin: TestUser;
  let moderator: TestUser;
  let member: TestUser;
  let guest: TestUser;
  beforeAll(async () => {
    // One after the other: creations are decided one at a time anyway, and each hashes a password.
    admin = await createUser({ role: Role.ADMINISTRATOR, label: 'lk-admin' });
    moderator = await createUser({ role: Role.MODERATOR, label: 'lk-moderator' });
    member = await createUser({ role: Role.MEMBER, label: 'lk-member' });
    guest = await createUser({ role: Role.GUEST, label: 'lk-guest' });
  });
  const roles = (): [string, Credentials][] => [
    ['owner', owner()],
    ['administrator', admin],
    ['moderator', moderator],
    ['member', member],
    ['guest', guest],
  ];
  const refusedRoles = (): [string, Credentials][] => [
    ['moderator', moderator],
    ['member', member],
    ['guest', guest],
  ];

  describe('POST /realm/filters', () => {
    it.each([['owner'], ['administrator']])('lets an %s add one, at the end of the list', async (role) => {
      const before = await ids();
      const params = aLinkifier();
      const id = await add(params, role === 'owner' ? owner() : admin);
      expect(before).not.toContain(id);
      const after = await list();
      const position = after.findIndex((l) => l.id === id);
      expect(after[position]).toEqual({ id, pattern: params.pattern, url_template: params.url_template });
      // Everything that was there before stays before it (others may add concurrently after it).
      for (const old of before.filter((i) => after.some((l) => l.id === i)))
        expect(after.findIndex((l) => l.id === old)).toBeLessThan(position);
    });

    it('strips the pattern and the template', async () => {
      const tag = unique();
      const id = await add({ pattern: `  S${tag}(?P<n>\\d+) `, url_template: ` https://s.example/{n} ` });
      expect(await find(id)).toEqual({ id, pattern: `S${tag}(?P<n>\\d+)`, url_template: 'https://s.example/{n}' });
    });

    it('accepts full RFC 6570 templates', async () => {
      const tag = unique();
      const id = await add({
        pattern: `(?P<org>[a-z]+)/(?P<repo>[a-z]+)#${tag}(?P<id>\\d+)`,
        url_template: 'https://github.com/{org}/{repo}/issues{/id}{?org,repo}',
      });
      expect((await find(id))?.url_template).toBe('https://github.com/{org}/{repo}/issues{/id}{?org,repo}');
    });

    it.each([
      [
        'a bad regular expression',
        { pattern: 'X(?P<id>[0-9]+', url_template: 'https://x.example/{id}' },
        'Bad regular expression: missing ): X(?P<id>[0-9]+',
        '__all__',
      ],
      [
        'a JavaScript-only construct',
        { pattern: 'X(?<=a)(?P<id>1)', url_template: 'https://x.example/{id}' },
        'Bad regular expression: invalid perl operator: (?<',
        '__all__',
      ],
      [
        'an invalid URL template',
        { pattern: 'X(?P<id>[0-9]+)', url_template: 'https://x.example/{id' },
        'Invalid URL template.',
        'url_template',
      ],
      [
        'a template variable the pattern lacks',
        { pattern: 'X(?P<id>[0-9]+)', url_template: 'https://x.example/{id}/{page}' },
        "Group 'page' in URL template is not present in linkifier pattern.",
        '__all__',
      ],
      [
        'a group the template lacks',
        { pattern: 'X(?P<id>[0-9]+)-(?P<sub>[a-z])', url_template: 'https://x.example/{id}' },
        "Group 'sub' in linkifier pattern is not present in URL template.",
        '__all__',
      ],
    ])('refuses %s with Zulip’s validation failure, adding nothing', async (_what, params, msg, field) => {
      const before = await ids();
      const res = await api('POST', '/realm/filters', { auth: owner(), params });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(validationFailure(msg, { [field]: [msg] }));
      expect((await ids()).filter((id) => !before.includes(id))).toEqual([]);
    });

    it('refuses a blank pattern', async () => {
      const res = await api('POST', '/realm/filters', { auth: owner(), params: { pattern: '  ', url_template: 'https://x.example/' } });
      expect(res.body).toEqual(validationFailure('This field cannot be blank.', { pattern: ['This field cannot be blank.'] }));
    });

    it('refuses a pattern the organization already has', async () => {
      const params = aLinkifier();
      const id = await add(params);
      const res = await api('POST', '/realm/filters', {
        auth: admin,
        params: { ...params, url_template: 'https://elsewhere.example/{id}' },
      });
      const msg = 'Realm filter with this Realm and Pattern already exists.';
      expect(res.body).toEqual(validationFailure(msg, { __all__: [msg] }));
      expect((await list()).filter((l) => l.pattern === params.pattern)).toEqual([{ id, ...params }]);
    });

    it.each([['pattern'], ['url_template']])('requires %s', async (name) => {
      const params: Record<string, string> = aLinkifier();
      delete params[name];
      const res = await api('POST', '/realm/filters', { auth: owner(), params });
      expect(res.body).toEqual({ result: 'error', code: 'REQUEST_VARIABLE_MISSING', msg: `Missing '${name}' argument`, var_name: name });
    });

    it.each([['moderator'], ['member'], ['guest']])('refuses a %s and adds nothing', async (role) => {
      const auth = refusedRoles().find(([r]) => r === role)![1];
      const params = aLinkifier();
      const res = await api('POST', '/realm/filters', { auth, params });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(notAdmin);
      expect((await list()).some((l) => l.pattern === params.pattern)).toBe(false);
    });
  });

  describe('GET /realm/linkifiers (E16)', () => {
    it.each([['owner'], ['administrator'], ['moderator'], ['member'], ['guest']])('lets a %s read the list', async (role) => {
      const params = aLinkifier();
      const id = await add(params);
      const res = await api('GET', '/realm/linkifiers', { auth: roles().find(([r]) => r === role)![1] });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject(success);
      expect(res.body.linkifiers).toContainEqual({ id, ...params });
    });
  });

  describe('PATCH /realm/filters/{filter_id} (E13)', () => {
    it.each([['owner'], ['administrator']])('lets an %s replace pattern and template, keeping its place', async (role) => {
      const first = await add();
      const target = await add();
      const last = await add();
      const replacement = aLinkifier();
      const res = await api('PATCH', `/realm/filters/${target}`, { auth: role === 'owner' ? owner() : admin, params: replacement });
      expect(res.status).toBe(200);
      expect(res.body).toEqual(success);
      const after = await list();
      expect(after.find((l) => l.id === target)).toEqual({ id: target, ...replacement });
      expect(after.map((l) => l.id).filter((id) => [first, target, last].includes(id))).toEqual([first, target, last]);
    });

    it('may keep the linkifier’s own pattern', async () => {
      const params = aLinkifier();
      const id = await add(params);
      const res = await api('PATCH', `/realm/filters/${id}`, {
        auth: owner(),
        params: { ...params, url_template: 'https://moved.example/{id}' },
      });
      expect(res.body).toEqual(success);
      expect(await find(id)).toEqual({ id, pattern: params.pattern, url_template: 'https://moved.example/{id}' });
    });

    it('refuses an invalid replacement and changes nothing', async () => {
      const params = aLinkifier();
      const id = await add(params);
      const res = await api('PATCH', `/realm/filters/${id}`, {
        auth: owner(),
        params: { pattern: params.pattern, url_template: 'https://x.example/{nope}' },
      });
      expect(res.body).toEqual(
        validationFailure("Group 'nope' in URL template is not present in linkifier pattern.", {
          __all__: ["Group 'nope' in URL template is not present in linkifier pattern."],
        }),
      );
      expect(await find(id)).toEqual({ id, ...params });
    });

    it('refuses another linkifier’s pattern', async () => {
      const taken = aLinkifier();
      await add(taken);
      const mine = aLinkifier();
      const id = await add(mine);
      const res = await api('PATCH', `/realm/filters/${id}`, { auth: owner(), params: taken });
      expect(res.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'Realm filter with this Realm and Pattern already exists.' });
      expect(await find(id)).toEqual({ id, ...mine });
    });

    it('answers "Linkifier not found." for an unknown id', async () => {
      const res = await api('PATCH', '/realm/filters/987654321', { auth: owner(), params: aLinkifier() });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'Linkifier not found.' });
    });

    it('requires both fields', async () => {
      const id = await add();
      const res = await api('PATCH', `/realm/filters/${id}`, { auth: owner(), params: { url_template: 'https://x.example/' } });
      expect(res.body).toMatchObject({ code: 'REQUEST_VARIABLE_MISSING', msg: "Missing 'pattern' argument" });
    });

    it.each([['moderator'], ['member'], ['guest']])('refuses a %s and changes nothing', async (role) => {
      const params = aLinkifier();
      const id = await add(params);
      const res = await api('PATCH', `/realm/filters/${id}`, { auth: refusedRoles().find(([r]) => r === role)![1], params: aLinkifier() });
      expect(res.body).toEqual(notAdmin);
      expect(await find(id)).toEqual({ id, ...params });
    });
  });

  describe('DELETE /realm/filters/{filter_id}', () => {
    it.each([['owner'], ['administrator']])('lets an %s remove one, keeping the others in order', async (role) => {
      const [a, b, c] = [await add(), await add(), await add()];
      const res = await api('DELETE', `/realm/filters/${b}`, { auth: role === 'owner' ? owner() : admin });
      expect(res.body).toEqual(success);
      expect((await ids()).filter((id) => [a, b, c].includes(id))).toEqual([a, c]);
    });

    it('answers "Linkifier not found." for an unknown or already removed id', async () => {
      const id = await add();
      await api('DELETE', `/realm/filters/${id}`, { auth: owner() });
      const res = await api('DELETE', `/realm/filters/${id}`, { auth: owner() });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'Linkifier not found.' });
    });

    it('never gives a removed id to a new linkifier', async () => {
      const removed = await add();
      await api('DELETE', `/realm/filters/${removed}`, { auth: owner() });
      expect(await add()).toBeGreaterThan(removed);
    });

    it.each([['moderator'], ['member'], ['guest']])('refuses a %s and removes nothing', async (role) => {
      const id = await add();
      const res = await api('DELETE', `/realm/filters/${id}`, { auth: refusedRoles().find(([r]) => r === role)![1] });
      expect(res.body).toEqual(notAdmin);
      expect(await find(id)).toBeDefined();
    });
  });

  describe('PATCH /realm/linkifiers (reorder)', () => {
    /** The order read back, restricted to `expected`'s ids that still exist (other files may add or remove their own meanwhile). */
    const orderOf = async (expected: number[]) => {
      const now = await ids();
      return { actual: now.filter((id) => expected.includes(id)), expected: expected.filter((id) => now.includes(id)) };
    };

    it('puts every linkifier in the order given, and refuses lists that are not exactly the linkifiers', async () => {
      const mine = [await add(), await add(), await add()];
      // The list must name every linkifier: read it first, and read again if another test file changed it in between.
      let reordered: number[] = [];
      for (let attempt = 0; attempt < 5; attempt++) {
        const current = await ids();
        reordered = [...mine].reverse().concat(current.filter((id) => !mine.includes(id)));
        const res = await api('PATCH', '/realm/linkifiers', { auth: admin, params: { ordered_linkifier_ids: reordered } });
        if (res.body.result === 'success') break;
        expect(res.body.msg).toBe('The ordered list must enumerate all existing linkifiers exactly once');
      }
      const { actual, expected } = await orderOf(reordered);
      expect(actual).toEqual(expected);
      expect(actual.filter((id) => mine.includes(id))).toEqual([...mine].reverse());

      // A new one still goes after all of them.
      const added = await add();
      const withAdded = await ids();
      for (const id of mine) expect(withAdded.indexOf(id)).toBeLessThan(withAdded.indexOf(added));
      const full = [...reordered, added];

      for (const [ordered, msg] of [
        [[...full, full[0]], 'The ordered list must not contain duplicated linkifiers'],
        [full.filter((id) => id !== mine[0]), 'The ordered list must enumerate all existing linkifiers exactly once'],
        [[...full, 987654321], 'The ordered list must enumerate all existing linkifiers exactly once'],
      ] as const) {
        const refused = await api('PATCH', '/realm/linkifiers', { auth: owner(), params: { ordered_linkifier_ids: ordered } });
        expect(refused.body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg });
      }
      for (const [, auth] of refusedRoles()) {
        const refused = await api('PATCH', '/realm/linkifiers', { auth, params: { ordered_linkifier_ids: [...full].reverse() } });
        expect(refused.body).toEqual(notAdmin);
      }
      const unchanged = await orderOf(full);
      expect(unchanged.actual).toEqual(unchanged.expected);
    });

    it('requires a list of integers', async () => {
      const res = await api('PATCH', '/realm/linkifiers', { auth: owner(), params: { ordered_linkifier_ids: '[1, "a"]' } });
      expect(res.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'ordered_linkifier_ids[1] is not an integer' });
    });
  });

  describe('POST /register', () => {
    it('answers realm_linkifiers to clients with the linkifier_url_template capability, an empty list to others', async () => {
      const params = aLinkifier();
      const id = await add(params);
      const capable = await api('POST', '/register', {
        auth: member,
        params: { fetch_event_types: ['realm_linkifiers', 'realm_filters'], client_capabilities: { linkifier_url_template: true } },
      });
      expect(capable.body.realm_linkifiers).toContainEqual({ id, ...params });
      expect(capable.body.realm_filters).toEqual([]);
      const legacy = await api('POST', '/register', { auth: member, params: { fetch_event_types: ['realm_linkifiers'] } });
      expect(legacy.body.realm_linkifiers).toEqual([]);
    });
  });
});
