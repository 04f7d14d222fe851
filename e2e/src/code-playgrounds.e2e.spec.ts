import { randomBytes } from 'node:crypto';
import { MAX_PLAYGROUND_LANGUAGE_LENGTH, MAX_PLAYGROUND_NAME_LENGTH } from '@zulip-es/contracts';
import { api, createUser, eventually, owner, type Credentials } from '@zulip-es/testing';

interface Playground {
  id: number;
  name: string;
  pygments_language: string;
  url_template: string;
}
const playgrounds = async (auth: Credentials) =>
  (await api('POST', '/register', { auth, params: { fetch_event_types: ['realm_playgrounds'] } })).body.realm_playgrounds as Playground[];
const add = (params: Record<string, unknown>, auth: Credentials = owner()) => api('POST', '/realm/playgrounds', { auth, params });
const unique = () => randomBytes(4).toString('hex');

describe('code playgrounds: POST and DELETE /realm/playgrounds', () => {
  it('adds a stripped playground, answers its id, and lists it at registration', async () => {
    const name = `Python ${unique()}`;
    const res = await add({ name: ` ${name} `, pygments_language: ' Python ', url_template: ' https://python.example.com?code={code} ' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ result: 'success', msg: '', id: expect.any(Number) });
    const member = await createUser({ label: 'playgrounds' });
    expect(await playgrounds(member)).toContainEqual({
      id: res.body.id,
      name,
      pygments_language: 'Python',
      url_template: 'https://python.example.com?code={code}',
    });
  });

  it('takes the longest name and language, and refuses what Zulip refuses, changing nothing', async () => {
    const name = `${unique()}${'n'.repeat(MAX_PLAYGROUND_NAME_LENGTH - 8)}`;
    const language = 'l'.repeat(MAX_PLAYGROUND_LANGUAGE_LENGTH);
    expect((await add({ name, pygments_language: language, url_template: 'https://x.example/{code}' })).status).toBe(200);
    const before = await playgrounds(owner());
    const cases: [Record<string, unknown>, Record<string, unknown>][] = [
      [
        { name: `${name}x`, pygments_language: 'x', url_template: 'https://x.example/{code}' },
        { msg: `name is too long (limit: ${MAX_PLAYGROUND_NAME_LENGTH} characters)` },
      ],
      [
        { name: 'x', pygments_language: 'a$b', url_template: 'https://x.example/{code}' },
        { msg: 'Invalid characters in pygments language' },
      ],
      [
        { name: 'x', pygments_language: 'x', url_template: 'https://x.example/{src}' },
        {
          msg: 'Missing the required variable "code" in the URL template',
          errors: { __all__: ['Missing the required variable "code" in the URL template'] },
        },
      ],
      [
        { name, pygments_language: language, url_template: 'https://y.example/{code}' },
        { msg: 'Realm playground with this Realm, Pygments language and Name already exists.' },
      ],
    ];
    for (const [params, error] of cases) {
      const res = await add(params);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ result: 'error', code: 'BAD_REQUEST', ...error });
    }
    expect(await playgrounds(owner())).toEqual(before);
  });

  it("removes a playground, answers Zulip's error for one that is not there, and tells every user the new list", async () => {
    const member = await createUser({ label: 'playgrounds-events' });
    const { queue_id: queueId } = (await api('POST', '/register', { auth: member, params: { event_types: ['realm_playgrounds'] } }))
      .body as { queue_id: string };
    const id = (await add({ name: `Go ${unique()}`, pygments_language: 'Go', url_template: 'https://go.dev/play?code={code}' })).body
      .id as number;
    expect((await api('DELETE', `/realm/playgrounds/${id}`, { auth: owner() })).body).toEqual({ result: 'success', msg: '' });
    expect((await api('DELETE', `/realm/playgrounds/${id}`, { auth: owner() })).body).toEqual({
      result: 'error',
      code: 'BAD_REQUEST',
      msg: 'Invalid playground',
    });
    expect((await playgrounds(member)).map((p) => p.id)).not.toContain(id);

    const events = await eventually(async () => {
      const got = (await api('GET', '/events', { auth: member, params: { queue_id: queueId, last_event_id: -1, dont_block: true } })).body
        .events as { type: string; realm_playgrounds: Playground[] }[];
      return got.length >= 2 ? got : undefined;
    }, 'two realm_playgrounds events');
    expect(events.map((e) => e.type)).toEqual(['realm_playgrounds', 'realm_playgrounds']);
    expect(events[0]!.realm_playgrounds.map((p) => p.id)).toContain(id);
    expect(events[1]!.realm_playgrounds.map((p) => p.id)).not.toContain(id);
  });

  it('refuses members: only administrators configure playgrounds', async () => {
    const member = await createUser({ label: 'playgrounds-member' });
    const res = await add({ name: 'x', pygments_language: 'x', url_template: 'https://x.example/{code}' }, member);
    expect(res.body).toEqual({ result: 'error', code: 'UNAUTHORIZED_PRINCIPAL', msg: 'Must be an organization administrator' });
  });
});
