import { api, captureEvents, createChannel, createUser, owner, type Credentials, type EventCapture } from '@zulip-es/testing';
import { badRequest, DEACTIVATED, draftParams, draftsOf, NOT_FOUND, saveDraft, success } from '../../testing/drafts.fixtures';

const edit = (auth: Credentials, id: number, draft: Record<string, unknown>) => api('PATCH', `/drafts/${id}`, { auth, params: { draft } });

describe('PATCH /drafts/{draft_id} (E9)', () => {
  let capture: EventCapture;
  beforeAll(async () => {
    capture = await captureEvents('messages');
  });
  afterAll(() => capture.stop());

  it('replaces the draft whole under the same id and publishes the replacement', async () => {
    const user = await createUser({ label: 'editor' });
    const channelId = await createChannel();
    const id = await saveDraft(user, { type: 'private', to: [user.userId], content: 'first', timestamp: 100 });
    const res = await edit(
      user,
      id,
      draftParams({ type: 'stream', to: [channelId], topic: 'new topic', content: 'second', timestamp: 200 }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual(success);
    expect(await draftsOf(user)).toEqual([{ id, type: 'stream', to: [channelId], topic: 'new topic', content: 'second', timestamp: 200 }]);
    const edited = await capture.waitFor((e) => e.type === 'draft.edited.v1' && (e.data.draft as { id: number }).id === id);
    expect(edited.data).toEqual({
      userId: user.userId,
      draft: { id, type: 'stream', to: [channelId], topic: 'new topic', content: 'second', timestamp: 200 },
    });
  });

  it("answers 404 for an unknown draft and for someone else's", async () => {
    const [user, other] = [await createUser(), await createUser()];
    const othersDraft = await saveDraft(other);
    for (const id of [othersDraft, othersDraft + 1_000, 1]) {
      const res = await edit(user, id, draftParams());
      expect(res.status).toBe(404);
      expect(res.body).toEqual(NOT_FOUND);
    }
    expect((await draftsOf(other)).map((d) => d.content)).toEqual(['A thought']);
  });

  it.each([
    ['an id in the draft', { id: 3 }, 'Argument "id" at draft["id"] is unexpected'],
    ['a blank content', { content: '   ' }, 'draft["content"] cannot be blank'],
    ['an unknown type', { type: 'huddle' }, 'Invalid draft["type"]'],
    ['an unknown channel', { type: 'stream', to: [999_999_999], topic: 'x' }, 'Invalid channel ID'],
    ['a negative timestamp', { timestamp: -1 }, 'Timestamp must not be negative.'],
  ])('refuses %s and keeps the draft', async (_case, overrides, msg) => {
    const user = await createUser();
    const id = await saveDraft(user, { content: 'kept' });
    const res = await edit(user, id, draftParams(overrides));
    expect(res.status).toBe(400);
    expect(res.body).toEqual(badRequest(msg));
    expect((await draftsOf(user)).map((d) => d.content)).toEqual(['kept']);
  });

  it('requires the draft', async () => {
    const user = await createUser();
    const id = await saveDraft(user);
    expect((await api('PATCH', `/drafts/${id}`, { auth: user })).body).toEqual({
      result: 'error',
      code: 'REQUEST_VARIABLE_MISSING',
      msg: "Missing 'draft' argument",
      var_name: 'draft',
    });
  });

  it('refuses a deactivated user', async () => {
    const user = await createUser();
    const id = await saveDraft(user);
    await api('DELETE', `/users/${user.userId}`, { auth: owner() });
    const res = await edit(user, id, draftParams());
    expect(res.status).toBe(401);
    expect(res.body).toEqual(DEACTIVATED);
  });
});
