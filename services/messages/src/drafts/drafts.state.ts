import type { DraftCreatedV1, DraftDeletedV1, DraftEditedV1, DraftsClearedV1, StoredDraft } from '@zulip-es/contracts';

export type DraftEvent = DraftCreatedV1 | DraftEditedV1 | DraftDeletedV1 | DraftsClearedV1;

/**
 * One user's drafts as their decisions see them (aggregate `drafts:<userId>`, written only by
 * that user's commands, Kafka key `user:<id>`): which drafts exist and the counters, never their
 * content. It is the projection's small per-user document (`user_drafts`, same id); each draft
 * has a document of its own (`drafts`, `draft:<userId>:<n>`), so no document grows with the
 * number of drafts beyond a number each (at most `MAX_DRAFTS_PER_USER` of them).
 */
export interface DraftsState {
  userId: number;
  /** The numbers of the user's drafts (see `draftId`), ascending: the order they were created in. */
  draftNumbers: number[];
  /** How many drafts this user has ever created: the next one is number `lastDraftNumber + 1`. */
  lastDraftNumber: number;
  /** The `userSequence` of the last turning-off of drafts synchronization applied here (0: none). */
  clearedThrough: number;
  version: number;
}

export const draftsAggregateId = (userId: number): string => `drafts:${userId}`;

export const noDrafts = (userId: number): DraftsState => ({ userId, draftNumbers: [], lastDraftNumber: 0, clearedThrough: 0, version: 0 });

/**
 * Zulip's draft ids are integers unique in the whole server. Here drafts are decided per user,
 * several users at once, so no shared counter can hand them out; instead a draft's id is
 * `userId × 2^30 + n` for the user's n-th draft: unique across the organization without any
 * coordination, increasing per user, and exact in JSON (below 2^53) for user ids below 2^23 and up
 * to 2^30 drafts per user. A client only ever sees and names its own drafts' ids.
 */
export const DRAFTS_PER_USER = 2 ** 30;
export const draftId = (userId: number, n: number): number => userId * DRAFTS_PER_USER + n;
/** The user's draft number of `id`, or null when `id` is not one of this user's ids. */
export function draftNumber(userId: number, id: number): number | null {
  const n = id - userId * DRAFTS_PER_USER;
  return Number.isSafeInteger(n) && n >= 1 && n < DRAFTS_PER_USER ? n : null;
}

/** The projection document of one draft. */
export const draftDocId = (userId: number, n: number): string => `draft:${userId}:${n}`;

/** The ids of the user's drafts, in the order they were created. */
export const draftIds = (state: DraftsState): number[] => state.draftNumbers.map((n) => draftId(state.userId, n));

/** Whether `id` names one of the user's drafts. */
export function hasDraft(state: DraftsState, id: number): boolean {
  const n = draftNumber(state.userId, id);
  return n !== null && state.draftNumbers.includes(n);
}

const withNumber = (numbers: readonly number[], n: number): number[] =>
  numbers.includes(n) ? [...numbers] : [...numbers, n].sort((a, b) => a - b);

/** Pure: one user's drafts after `event` (the per-user document; see `draftDocChanges` for the drafts' own). */
export function evolveDrafts(state: DraftsState | null, event: DraftEvent, sequence: number): DraftsState {
  const current = state ?? noDrafts(event.data.userId);
  const { userId } = current;
  switch (event.type) {
    case 'draft.created.v1': {
      const n = draftNumber(userId, event.data.draft.id);
      if (n === null) return { ...current, version: sequence };
      return {
        ...current,
        draftNumbers: withNumber(current.draftNumbers, n),
        lastDraftNumber: Math.max(current.lastDraftNumber, n),
        version: sequence,
      };
    }
    case 'draft.edited.v1':
      return { ...current, version: sequence };
    case 'draft.deleted.v1':
      return {
        ...current,
        draftNumbers: current.draftNumbers.filter((n) => n !== draftNumber(userId, event.data.draftId)),
        version: sequence,
      };
    case 'drafts.cleared.v1': {
      const cleared = new Set(event.data.draftIds.map((id) => draftNumber(userId, id)));
      return {
        ...current,
        draftNumbers: current.draftNumbers.filter((n) => !cleared.has(n)),
        clearedThrough: Math.max(current.clearedThrough, event.data.userSequence),
        version: sequence,
      };
    }
    default: {
      const unexpected: never = event;
      throw new Error(`drafts cannot apply ${JSON.stringify(unexpected)}`);
    }
  }
}

/** The numbers of those of `ids` that are the user's. */
const numbersOf = (userId: number, ids: readonly number[]): number[] => ids.flatMap((id) => draftNumber(userId, id) ?? []);

/**
 * Pure: the drafts' own documents `event` writes (whole) or deletes, by draft number, given the
 * user's drafts before it: only a draft of the user is written.
 */
export function draftDocChanges(
  state: DraftsState | null,
  event: DraftEvent,
): { put: { n: number; draft: StoredDraft }[]; deleted: number[] } {
  const current = state ?? noDrafts(event.data.userId);
  const { userId } = current;
  switch (event.type) {
    case 'draft.created.v1':
      return { put: numbersOf(userId, [event.data.draft.id]).map((n) => ({ n, draft: event.data.draft })), deleted: [] };
    case 'draft.edited.v1':
      return {
        put: hasDraft(current, event.data.draft.id)
          ? numbersOf(userId, [event.data.draft.id]).map((n) => ({ n, draft: event.data.draft }))
          : [],
        deleted: [],
      };
    case 'draft.deleted.v1':
      return { put: [], deleted: numbersOf(userId, [event.data.draftId]) };
    case 'drafts.cleared.v1':
      return { put: [], deleted: numbersOf(userId, event.data.draftIds) };
    default: {
      const unexpected: never = event;
      throw new Error(`drafts cannot apply ${JSON.stringify(unexpected)}`);
    }
  }
}
