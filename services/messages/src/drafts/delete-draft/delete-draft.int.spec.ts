import { api, captureEvents, createUser, owner, type EventCapture } from '@zulip-es/testing';
import { DEACTIVATED, draftsOf, NOT_FOUND, saveDraft, success } from '../../testing/drafts.fixtures';

describe('DELETE /drafts/{draft_id}', () => {
  let capture: EventCapture;
  beforeAll(async () => {
    capture = await captureEvents('messages');
  });
  afterAll(() => capture.stop());

  it('deletes one of the caller’s drafts and publishes it', async () => {
    const user = await createUser({ label: 'deleter' });
    const [gone, kept] = [await saveDraft(user, { content: 'gone' }), await saveDraft(user, { content: 'kept' })];
    const res = await api('DELETE', `/drafts/${gone}`, { auth: user });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(success);
    expect((await draftsOf(user)).map((d) => d.id)).toEqual([kept]);
    const deleted = await capture.waitFor((e) => e.type === 'draft.deleted.v1' && e.data.draftId === gone);
    expect(deleted.data).toEqual({ userId: user.userId, draftId: gone });
  });

  it("answers 404 for a draft deleted already, an unknown one and someone else's", async () => {
    const [user, other] = [await createUser(), await createUser()];
    const own = await saveDraft(user);
    await api('DELETE', `/drafts/${own}`, { auth: user });
    const othersDraft = await saveDraft(other);
    for (const id of [own, othersDraft, 1]) {
      const res = await api('DELETE', `/drafts/${id}`, { auth: user });
      expect(res.status).toBe(404);
      expect(res.body).toEqual(NOT_FOUND);
    }
    expect((await draftsOf(other)).map((d) => d.id)).toEqual([othersDraft]);
  });

  it('refuses a deactivated user', async () => {
    const user = await createUser();
    const id = await saveDraft(user);
    await api('DELETE', `/users/${user.userId}`, { auth: owner() });
    const res = await api('DELETE', `/drafts/${id}`, { auth: user });
    expect(res.status).toBe(401);
    expect(res.body).toEqual(DEACTIVATED);
  });
});
