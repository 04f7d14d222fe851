import { MAX_MESSAGE_LENGTH, MAX_SAVED_SNIPPET_TITLE_LENGTH } from '@zulip-es/contracts';
import { api, createUser, eventually, type Credentials } from '@zulip-es/testing';

interface Snippet {
  id: number;
  title: string;
  content: string;
  date_created: number;
}
const snippets = async (auth: Credentials) => (await api('GET', '/saved_snippets', { auth })).body.saved_snippets as Snippet[];
const create = (auth: Credentials, params: Record<string, unknown>) => api('POST', '/saved_snippets', { auth, params });
const badRequest = (msg: string) => ({ result: 'error', code: 'BAD_REQUEST', msg });
const notFound = badRequest('Saved snippet does not exist.');

describe('saved snippets', () => {
  let user: Credentials;
  beforeEach(async () => {
    user = await createUser({ label: 'snippets' });
  });

  it('saves snippets stripped, answers their ids and lists them in the order they were saved', async () => {
    const before = Math.floor(Date.now() / 1000);
    const first = await create(user, { title: ' Welcome ', content: ' Welcome to the **team**! \n' });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ result: 'success', msg: '', saved_snippet_id: expect.any(Number) });
    const second = await create(user, { title: 'Bye', content: 'See you' });
    expect(second.body.saved_snippet_id).toBeGreaterThan(first.body.saved_snippet_id as number);
    const listed = await snippets(user);
    expect(listed).toEqual([
      { id: first.body.saved_snippet_id, title: 'Welcome', content: 'Welcome to the **team**!', date_created: expect.any(Number) },
      { id: second.body.saved_snippet_id, title: 'Bye', content: 'See you', date_created: expect.any(Number) },
    ]);
    expect(listed[0]!.date_created).toBeGreaterThanOrEqual(before - 1);
  });

  it('takes the largest title and content, and refuses longer or blank ones, changing nothing', async () => {
    const title = 't'.repeat(MAX_SAVED_SNIPPET_TITLE_LENGTH);
    const content = 'c'.repeat(MAX_MESSAGE_LENGTH);
    expect((await create(user, { title, content })).status).toBe(200);
    for (const [params, msg] of [
      [{ title: `${title}x`, content: 'c' }, `title is too long (limit: ${MAX_SAVED_SNIPPET_TITLE_LENGTH} characters)`],
      [{ title: 'x', content: `${content}c` }, `content is too long (limit: ${MAX_MESSAGE_LENGTH} characters)`],
      [{ title: '   ', content: 'c' }, 'title cannot be blank'],
      [{ title: 'x', content: '' }, 'content cannot be blank'],
    ] as const) {
      const res = await create(user, params);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(badRequest(msg));
    }
    expect(await snippets(user)).toEqual([{ id: expect.any(Number), title, content, date_created: expect.any(Number) }]);
  });

  it('requires both title and content', async () => {
    const res = await create(user, { title: 'x' });
    expect(res.body).toEqual({ result: 'error', code: 'REQUEST_VARIABLE_MISSING', msg: "Missing 'content' argument", var_name: 'content' });
  });

  it('edits the title, the content or both; an empty edit changes nothing', async () => {
    const id = (await create(user, { title: 'Old', content: 'old text' })).body.saved_snippet_id as number;
    expect((await api('PATCH', `/saved_snippets/${id}`, { auth: user, params: { content: ' new text ' } })).body).toEqual({
      result: 'success',
      msg: '',
    });
    expect((await api('PATCH', `/saved_snippets/${id}`, { auth: user, params: {} })).body).toEqual({ result: 'success', msg: '' });
    expect((await snippets(user)).map((s) => [s.title, s.content])).toEqual([['Old', 'new text']]);
    expect((await api('PATCH', `/saved_snippets/${id}`, { auth: user, params: { title: 'New', content: 'newest' } })).status).toBe(200);
    expect((await snippets(user)).map((s) => [s.title, s.content])).toEqual([['New', 'newest']]);
  });

  it("keeps each user's snippets to that user: another user's id is one that does not exist", async () => {
    const other = await createUser({ label: 'snippets-other' });
    const id = (await create(other, { title: 'Mine', content: 'private' })).body.saved_snippet_id as number;
    expect(await snippets(user)).toEqual([]);
    for (const res of [
      await api('PATCH', `/saved_snippets/${id}`, { auth: user, params: { title: 'Stolen' } }),
      await api('DELETE', `/saved_snippets/${id}`, { auth: user }),
      await api('DELETE', '/saved_snippets/999999999', { auth: user }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual(notFound);
    }
    expect((await snippets(other)).map((s) => s.title)).toEqual(['Mine']);
  });

  it('deletes a snippet once; a second delete finds nothing', async () => {
    const id = (await create(user, { title: 'Gone', content: 'soon' })).body.saved_snippet_id as number;
    expect((await api('DELETE', `/saved_snippets/${id}`, { auth: user })).body).toEqual({ result: 'success', msg: '' });
    expect(await snippets(user)).toEqual([]);
    expect((await api('DELETE', `/saved_snippets/${id}`, { auth: user })).body).toEqual(notFound);
  });

  it("answers an id that is not a number as no endpoint, as Zulip's integer routes do", async () => {
    const res = await api('DELETE', '/saved_snippets/abc', { auth: user });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ result: 'error', code: 'BAD_REQUEST' });
  });

  it("answers them at registration and sends Zulip's saved_snippets events to the user's queues", async () => {
    const id = (await create(user, { title: 'Before', content: 'registered' })).body.saved_snippet_id as number;
    const registered = await api('POST', '/register', {
      auth: user,
      params: { fetch_event_types: ['saved_snippets'], event_types: ['saved_snippets'] },
    });
    expect(registered.body.saved_snippets).toEqual([{ id, title: 'Before', content: 'registered', date_created: expect.any(Number) }]);
    const queueId = registered.body.queue_id as string;

    const added = (await create(user, { title: 'Added', content: 'live' })).body.saved_snippet_id as number;
    await api('PATCH', `/saved_snippets/${added}`, { auth: user, params: { title: 'Renamed' } });
    await api('DELETE', `/saved_snippets/${id}`, { auth: user });

    const events = await eventually(async () => {
      const res = await api('GET', '/events', { auth: user, params: { queue_id: queueId, last_event_id: -1, dont_block: true } });
      const got = res.body.events as Record<string, unknown>[];
      return got.length >= 3 ? got : undefined;
    }, 'three saved_snippets events');
    expect(events).toEqual([
      {
        id: 0,
        type: 'saved_snippets',
        op: 'add',
        saved_snippet: { id: added, title: 'Added', content: 'live', date_created: expect.any(Number) },
      },
      {
        id: 1,
        type: 'saved_snippets',
        op: 'update',
        saved_snippet: { id: added, title: 'Renamed', content: 'live', date_created: expect.any(Number) },
      },
      { id: 2, type: 'saved_snippets', op: 'remove', saved_snippet_id: id },
    ]);
  });
});
