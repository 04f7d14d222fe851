import { U } from '../../testing/users.fixtures';
import { DRAFTS_PER_USER, noDrafts } from '../drafts.state';
import { decideDeleteDraft } from './delete-draft.decide';

const id = U.member * DRAFTS_PER_USER + 2;
const drafts = { ...noDrafts(U.member), draftNumbers: [2], lastDraftNumber: 2, version: 2 };
const on = { enabled: true, disabledAt: 0 };

describe('deleting a draft', () => {
  it('deletes one of the owner’s drafts', () => {
    expect(decideDeleteDraft({ draft_id: id }, { drafts, sync: on })).toEqual({
      events: [{ type: 'draft.deleted.v1', aggregateId: `drafts:${U.member}`, sequence: 3, data: { userId: U.member, draftId: id } }],
      reply: {},
    });
  });

  it('answers 404 for a draft that does not exist', () => {
    expect(() => decideDeleteDraft({ draft_id: id + 1 }, { drafts, sync: on })).toThrow(
      expect.objectContaining({ code: 'BAD_REQUEST', msg: 'Draft does not exist', status: 404 }),
    );
  });

  it('refuses while synchronization is off', () => {
    expect(() => decideDeleteDraft({ draft_id: id }, { drafts, sync: { enabled: false, disabledAt: 3 } })).toThrow(
      expect.objectContaining({ msg: 'User has disabled synchronizing drafts.' }),
    );
  });
});
