import type { DraftInput } from '@zulip-es/contracts';
import { channel } from '../../testing/channels.fixtures';
import { contextOf, organization, U } from '../../testing/users.fixtures';
import { DRAFTS_PER_USER, noDrafts } from '../drafts.state';
import { decideEditDraft } from './edit-draft.decide';

const NOW = new Date('2026-03-01T12:00:00Z');
const users = organization();
const id = U.member * DRAFTS_PER_USER + 1;
const drafts = { ...noDrafts(U.member), draftNumbers: [1], lastDraftNumber: 1, version: 3 };
const targets = {
  ctx: contextOf(users, U.member),
  channel: (c: number) => (c === 3 ? channel(3) : null),
  actorSubscriptions: { userId: U.member, subscriptions: [] },
};
const replacement: DraftInput = { type: 'private', to: [U.otherMember], topic: 'x', content: 'Hi there', timestamp: null };
const edit = (draftId: number, draft: DraftInput = replacement, sync = { enabled: true, disabledAt: 0 }) =>
  decideEditDraft({ draft_id: draftId, draft }, { drafts, sync, targets }, NOW);

describe('editing a draft (E9)', () => {
  it('replaces the whole draft under the same id, stamped now when no timestamp is given', () => {
    const { events, reply } = edit(id);
    expect(reply).toEqual({});
    expect(events).toEqual([
      {
        type: 'draft.edited.v1',
        aggregateId: `drafts:${U.member}`,
        sequence: 4,
        data: {
          userId: U.member,
          draft: { id, type: 'private', to: [U.otherMember], topic: '', content: 'Hi there', timestamp: NOW.getTime() / 1000 },
        },
      },
    ]);
  });

  it("answers 404 for an unknown draft and for someone else's", () => {
    const notFound = expect.objectContaining({ code: 'BAD_REQUEST', msg: 'Draft does not exist', status: 404 });
    expect(() => edit(id + 1)).toThrow(notFound);
    expect(() => edit(U.otherMember * DRAFTS_PER_USER + 1)).toThrow(notFound);
  });

  it('looks the draft up before checking the replacement', () => {
    expect(() => edit(id + 1, { ...replacement, content: 'a\0' })).toThrow(expect.objectContaining({ msg: 'Draft does not exist' }));
    expect(() => edit(id, { ...replacement, content: 'a\0' })).toThrow(
      expect.objectContaining({ msg: 'Message must not contain null bytes' }),
    );
  });

  it('refuses while synchronization is off', () => {
    expect(() => edit(id, replacement, { enabled: false, disabledAt: 5 })).toThrow(
      expect.objectContaining({ msg: 'User has disabled synchronizing drafts.' }),
    );
  });

  it('finds no draft saved before a turning-off not yet applied', () => {
    expect(() => edit(id, replacement, { enabled: true, disabledAt: 5 })).toThrow(expect.objectContaining({ status: 404 }));
  });
});
