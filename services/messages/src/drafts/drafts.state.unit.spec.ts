import { DRAFTS_PER_USER, draftDocChanges, draftId, draftNumber, evolveDrafts, hasDraft, noDrafts, type DraftEvent } from './drafts.state';

const draft = (n: number, content = 'x') => ({ id: draftId(5, n), type: '' as const, to: [], topic: '', content, timestamp: n });
const created = (n: number): DraftEvent => ({ type: 'draft.created.v1', data: { userId: 5, draft: draft(n) } });

describe('a user’s drafts', () => {
  it('gives ids unique across users: the user id above 2^30, the draft number below', () => {
    expect(draftId(5, 1)).toBe(5 * DRAFTS_PER_USER + 1);
    expect(draftId(5, DRAFTS_PER_USER - 1)).toBeLessThan(draftId(6, 1));
    expect(Number.isSafeInteger(draftId(2 ** 23 - 1, DRAFTS_PER_USER - 1))).toBe(true);
    expect([draftNumber(5, draftId(5, 7)), draftNumber(5, draftId(6, 7)), draftNumber(5, draftId(5, 0)), draftNumber(5, 1.5)]).toEqual([
      7,
      null,
      null,
      null,
    ]);
  });

  it('keeps only the numbers of the drafts and the counters in the user’s document, as the events say', () => {
    let state = evolveDrafts(null, created(1), 1);
    state = evolveDrafts(state, created(2), 2);
    state = evolveDrafts(state, { type: 'draft.edited.v1', data: { userId: 5, draft: draft(1, 'new') } }, 3);
    state = evolveDrafts(state, { type: 'draft.deleted.v1', data: { userId: 5, draftId: draftId(5, 2) } }, 4);
    expect(state).toEqual({ ...noDrafts(5), draftNumbers: [1], lastDraftNumber: 2, version: 4 });
    state = evolveDrafts(
      evolveDrafts(state, created(3), 5),
      { type: 'drafts.cleared.v1', data: { userId: 5, draftIds: [draftId(5, 1), draftId(5, 3)], userSequence: 9 } },
      6,
    );
    expect(state).toEqual({ ...noDrafts(5), draftNumbers: [], lastDraftNumber: 3, clearedThrough: 9, version: 6 });
  });

  it('writes each draft to its own document, and only the user’s own drafts', () => {
    const one = evolveDrafts(null, created(1), 1);
    expect(draftDocChanges(null, created(1))).toEqual({ put: [{ n: 1, draft: draft(1) }], deleted: [] });
    expect(draftDocChanges(one, { type: 'draft.edited.v1', data: { userId: 5, draft: draft(1, 'new') } })).toEqual({
      put: [{ n: 1, draft: draft(1, 'new') }],
      deleted: [],
    });
    expect(draftDocChanges(one, { type: 'draft.edited.v1', data: { userId: 5, draft: draft(2) } })).toEqual({ put: [], deleted: [] });
    expect(draftDocChanges(one, { type: 'draft.created.v1', data: { userId: 5, draft: { ...draft(1), id: draftId(6, 1) } } })).toEqual({
      put: [],
      deleted: [],
    });
    expect(
      draftDocChanges(one, { type: 'drafts.cleared.v1', data: { userId: 5, draftIds: [draftId(5, 1), draftId(6, 1)], userSequence: 3 } }),
    ).toEqual({ put: [], deleted: [1] });
    expect([hasDraft(one, draftId(5, 1)), hasDraft(one, draftId(5, 2)), hasDraft(one, draftId(6, 1))]).toEqual([true, false, false]);
  });
});
