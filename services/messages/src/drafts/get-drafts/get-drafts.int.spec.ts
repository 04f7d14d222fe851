import { api, createUser, owner } from '@zulip-es/testing';
import { DEACTIVATED, draftsOf, saveDraft } from '../../testing/drafts.fixtures';

describe('GET /drafts', () => {
  it('lists only the caller’s drafts, oldest edit first, with their count', async () => {
    const [user, other] = [await createUser({ label: 'reader' }), await createUser()];
    const late = await saveDraft(user, { content: 'late', timestamp: 3_000 });
    const early = await saveDraft(user, { content: 'early', timestamp: 1_000 });
    await saveDraft(other, { content: 'not mine' });
    const res = await api('GET', '/drafts', { auth: user });
    expect(res.body).toEqual({
      result: 'success',
      msg: '',
      count: 2,
      drafts: [
        { id: early, type: '', to: [], topic: '', content: 'early', timestamp: 1_000 },
        { id: late, type: '', to: [], topic: '', content: 'late', timestamp: 3_000 },
      ],
    });
  });

  it('answers an empty list to a user without drafts', async () => {
    expect(await draftsOf(await createUser())).toEqual([]);
  });

  it('refuses a deactivated user', async () => {
    const user = await createUser();
    await api('DELETE', `/users/${user.userId}`, { auth: owner() });
    const res = await api('GET', '/drafts', { auth: user });
    expect(res.status).toBe(401);
    expect(res.body).toEqual(DEACTIVATED);
  });
});
