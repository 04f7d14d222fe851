import type { SavedSnippetCreatedV1, SavedSnippetDeletedV1, SavedSnippetEditedV1 } from '@zulip-es/contracts';
import { DomainError } from '@zulip-es/platform';

export type SavedSnippetEvent = SavedSnippetCreatedV1 | SavedSnippetEditedV1 | SavedSnippetDeletedV1;

export interface SavedSnippet {
  id: number;
  title: string;
  content: string;
  /** ISO 8601. */
  dateCreated: string;
}

/**
 * One user's saved snippets (aggregate `saved_snippets:<userId>`, written only by that user's
 * commands), in the order they were created; one document per user, bounded by
 * MAX_SAVED_SNIPPETS_PER_USER.
 */
export interface SavedSnippetsState {
  userId: number;
  snippets: SavedSnippet[];
  /** How many snippets this user has ever saved: the next is number `lastNumber + 1`. */
  lastNumber: number;
  version: number;
}

export const savedSnippetsAggregateId = (userId: number): string => `saved_snippets:${userId}`;

export const noSavedSnippets = (userId: number): SavedSnippetsState => ({ userId, snippets: [], lastNumber: 0, version: 0 });

/**
 * Zulip's snippet ids are unique in the server. Snippets are decided per user, several users at
 * once, so no shared counter hands them out: the user's n-th snippet is `userId × 2^30 + n`,
 * unique in the organization, increasing per user and exact in JSON (as draft ids are).
 */
const SNIPPETS_PER_USER = 2 ** 30;
export const savedSnippetId = (userId: number, n: number): number => userId * SNIPPETS_PER_USER + n;
export const numberOfSnippetId = (userId: number, id: number): number => id - userId * SNIPPETS_PER_USER;

/** Zulip's `ResourceNotFoundError` for a snippet that is not the caller's. */
export const noSuchSnippet = (): DomainError => new DomainError('BAD_REQUEST', 'Saved snippet does not exist.', {}, 404);

/** Zulip's `SavedSnippet.to_api_dict`. */
export const savedSnippetDict = (s: SavedSnippet) => ({
  id: s.id,
  title: s.title,
  content: s.content,
  date_created: Math.floor(Date.parse(s.dateCreated) / 1000),
});

/** Pure: the user's snippets after `event`. */
export function evolveSavedSnippets(state: SavedSnippetsState, event: SavedSnippetEvent, sequence: number): SavedSnippetsState {
  switch (event.type) {
    case 'saved_snippet.created.v1': {
      const { savedSnippetId: id, title, content, dateCreated } = event.data;
      const number = Math.max(state.lastNumber, numberOfSnippetId(state.userId, id));
      return { ...state, snippets: [...state.snippets, { id, title, content, dateCreated }], lastNumber: number, version: sequence };
    }
    case 'saved_snippet.edited.v1': {
      const { savedSnippetId: id, title, content } = event.data;
      const snippets = state.snippets.map((s) => (s.id === id ? { ...s, title, content } : s));
      return { ...state, snippets, version: sequence };
    }
    case 'saved_snippet.deleted.v1':
      return { ...state, snippets: state.snippets.filter((s) => s.id !== event.data.savedSnippetId), version: sequence };
    default: {
      const unexpected: never = event;
      throw new Error(`saved snippets cannot apply ${JSON.stringify(unexpected)}`);
    }
  }
}
