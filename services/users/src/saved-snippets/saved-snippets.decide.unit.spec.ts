import { MAX_SAVED_SNIPPETS_PER_USER } from '@zulip-es/contracts';
import { decideCreateSavedSnippet } from './create-saved-snippet/create-saved-snippet.decide';
import { decideDeleteSavedSnippet } from './delete-saved-snippet/delete-saved-snippet.decide';
import { decideEditSavedSnippet } from './edit-saved-snippet/edit-saved-snippet.decide';
import {
  evolveSavedSnippets,
  noSavedSnippets,
  savedSnippetId,
  type SavedSnippetEvent,
  type SavedSnippetsState,
} from './saved-snippets.state';

const USER = 7;
const NOW = new Date('2026-03-01T10:00:00.000Z');
const given = (...events: SavedSnippetEvent[]): SavedSnippetsState =>
  events.reduce((state, event, i) => evolveSavedSnippets(state, event, i + 1), noSavedSnippets(USER));
const created = (n: number, title = `t${n}`): SavedSnippetEvent => ({
  type: 'saved_snippet.created.v1',
  data: { userId: USER, savedSnippetId: savedSnippetId(USER, n), title, content: `c${n}`, dateCreated: '2026-02-01T00:00:00.000Z' },
});
const deleted = (n: number): SavedSnippetEvent => ({
  type: 'saved_snippet.deleted.v1',
  data: { userId: USER, savedSnippetId: savedSnippetId(USER, n) },
});
const notFound = expect.objectContaining({ code: 'BAD_REQUEST', status: 404, msg: 'Saved snippet does not exist.' });

describe('saved snippets', () => {
  it("creates the user's next snippet, numbered after every snippet ever saved, even deleted ones", () => {
    const state = given(created(1), created(2), deleted(2));
    expect(decideCreateSavedSnippet({ title: 'Hello', content: 'Welcome!' }, state, NOW)).toEqual([
      {
        type: 'saved_snippet.created.v1',
        aggregateId: 'saved_snippets:7',
        sequence: 4,
        data: {
          userId: USER,
          savedSnippetId: savedSnippetId(USER, 3),
          title: 'Hello',
          content: 'Welcome!',
          dateCreated: NOW.toISOString(),
        },
      },
    ]);
  });

  it(`refuses a snippet past ${MAX_SAVED_SNIPPETS_PER_USER}`, () => {
    const state = given(...Array.from({ length: MAX_SAVED_SNIPPETS_PER_USER }, (_, i) => created(i + 1)));
    expect(() => decideCreateSavedSnippet({ title: 'one more', content: 'x' }, state, NOW)).toThrow(
      expect.objectContaining({ code: 'BAD_REQUEST', status: 400 }),
    );
  });

  it('edits the title, the content or both, carrying the snippet as it now is', () => {
    const state = given(created(1));
    expect(decideEditSavedSnippet({ saved_snippet_id: savedSnippetId(USER, 1), content: 'new' }, state)).toEqual([
      {
        type: 'saved_snippet.edited.v1',
        aggregateId: 'saved_snippets:7',
        sequence: 2,
        data: {
          userId: USER,
          savedSnippetId: savedSnippetId(USER, 1),
          title: 't1',
          content: 'new',
          dateCreated: '2026-02-01T00:00:00.000Z',
        },
      },
    ]);
  });

  it('changes nothing when nothing is sent, even for an id that is not there (as Zulip answers early)', () => {
    expect(decideEditSavedSnippet({ saved_snippet_id: 12345 }, given(created(1)))).toEqual([]);
  });

  it("refuses to edit or delete a snippet that is not the user's, or no longer exists", () => {
    const state = given(created(1), created(2), deleted(2));
    for (const id of [savedSnippetId(USER, 2), savedSnippetId(USER + 1, 1), 0]) {
      expect(() => decideEditSavedSnippet({ saved_snippet_id: id, title: 'x' }, state)).toThrow(notFound);
      expect(() => decideDeleteSavedSnippet({ saved_snippet_id: id }, state)).toThrow(notFound);
    }
  });

  it('deletes a snippet', () => {
    const state = given(created(1));
    const events = decideDeleteSavedSnippet({ saved_snippet_id: savedSnippetId(USER, 1) }, state);
    expect(events).toEqual([
      {
        type: 'saved_snippet.deleted.v1',
        aggregateId: 'saved_snippets:7',
        sequence: 2,
        data: { userId: USER, savedSnippetId: savedSnippetId(USER, 1) },
      },
    ]);
    expect(evolveSavedSnippets(state, deleted(1), 2).snippets).toEqual([]);
  });
});
