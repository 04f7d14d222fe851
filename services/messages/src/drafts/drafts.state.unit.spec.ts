import { DRAFTS_PER_USER, draftId, evolveDrafts, noDrafts } from './drafts.state';

const draft = (n: number, content = 'x') => ({ id: draftId(5, n), type: '' as const, to: [], topic: '', content, timestamp: n });

describe('a user’s drafts', () => {
  it('gives ids unique across users: the user id above 2^30, the draft number below', () => {
    expect(draftId(5, 1)).toBe(5 * DRAFTS_PER_USER + 1);
    expect(draftId(5, DRAFTS_PER_USER - 1)).toBeLessThan(draftId(6, 1));
    expect(Number.isSafeInteger(draftId(2 ** 23 - 1, DRAFTS_PER_USER - 1))).toBe(true);
  });

  it('adds, replaces and removes drafts as the events say', () => {
    let state = evolveDrafts(null, { type: 'draft.created.v1', data: { userId: 5, draft: draft(1) } }, 1);
    state = evolveDrafts(state, { type: 'draft.created.v1', data: { userId: 5, draft: draft(2) } }, 2);
    state = evolveDrafts(state, { type: 'draft.edited.v1', data: { userId: 5, draft: draft(1, 'new') } }, 3);
    state = evolveDrafts(state, { type: 'draft.deleted.v1', data: { userId: 5, draftId: draftId(5, 2) } }, 4);
    expect(state).toEqual({ ...noDrafts(5), drafts: [draft(1, 'new')], lastDraftNumber: 2, version: 4 });
  });
});
