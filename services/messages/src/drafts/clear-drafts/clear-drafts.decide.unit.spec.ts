import { DraftsClearedV1 } from '@zulip-es/contracts';
import type { NewEvent } from '@zulip-es/platform';
import { U } from '../../testing/users.fixtures';
import { DRAFTS_PER_USER, evolveDrafts, noDrafts } from '../drafts.state';
import { decideClearDrafts } from './clear-drafts.decide';

const base = U.member * DRAFTS_PER_USER;
const cleared = (event: NewEvent) => DraftsClearedV1.parse({ type: event.type, data: event.data });
const drafts = {
  ...noDrafts(U.member),
  draftNumbers: [1, 2],
  lastDraftNumber: 2,
  version: 2,
};

describe('drafts synchronization turned off', () => {
  it('deletes every draft of the user and records which turning-off it applies', () => {
    const { events, reply } = decideClearDrafts({ userId: U.member, userSequence: 7 }, drafts);
    expect(events).toEqual([
      {
        type: 'drafts.cleared.v1',
        aggregateId: `drafts:${U.member}`,
        sequence: 3,
        data: { userId: U.member, draftIds: [base + 1, base + 2], userSequence: 7 },
      },
    ]);
    expect(reply).toEqual({ deleted: [base + 1, base + 2] });
    const after = evolveDrafts(drafts, cleared(events[0]), 3);
    expect(after).toEqual({ ...drafts, draftNumbers: [], clearedThrough: 7, version: 3 });
  });

  it('changes nothing when that turning-off is already applied', () => {
    expect(decideClearDrafts({ userId: U.member, userSequence: 7 }, { ...drafts, clearedThrough: 7 }).events).toEqual([]);
  });

  it('keeps draft numbers growing after a deletion, so an id is never given twice', () => {
    const { events } = decideClearDrafts({ userId: U.member, userSequence: 7 }, drafts);
    expect(evolveDrafts(drafts, cleared(events[0]), 3).lastDraftNumber).toBe(2);
  });
});
