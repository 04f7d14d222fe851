import type { DraftCreatedV1, DraftDeletedV1, DraftEditedV1, DraftsClearedV1, StoredDraft } from '@zulip-es/contracts';

export type DraftEvent = DraftCreatedV1 | DraftEditedV1 | DraftDeletedV1 | DraftsClearedV1;

/**
 * One user's drafts (aggregate and projection document `drafts:<userId>`), written only by that
 * user's commands (Kafka key `user:<id>`).
 */
export interface DraftsState {
  userId: number;
  /** In the order they were created. */
  drafts: StoredDraft[];
  /** How many drafts this user has ever created: the next one is number `lastDraftNumber + 1`. */
  lastDraftNumber: number;
  /** The `userSequence` of the last turning-off of drafts synchronization applied here (0: none). */
  clearedThrough: number;
  version: number;
}

export const draftsAggregateId = (userId: number): string => `drafts:${userId}`;

export const noDrafts = (userId: number): DraftsState => ({ userId, drafts: [], lastDraftNumber: 0, clearedThrough: 0, version: 0 });

/**
 * Zulip's draft ids are integers unique in the whole server. Here drafts are decided per user,
 * several users at once, so no shared counter can hand them out; instead a draft's id is
 * `userId × 2^30 + n` for the user's n-th draft: unique across the organization without any
 * coordination, increasing per user, and exact in JSON (below 2^53) for user ids below 2^23 and up
 * to 2^30 drafts per user. A client only ever sees and names its own drafts' ids.
 */
export const DRAFTS_PER_USER = 2 ** 30;
export const draftId = (userId: number, n: number): number => userId * DRAFTS_PER_USER + n;
const draftNumber = (userId: number, id: number): number => id - userId * DRAFTS_PER_USER;

/** Pure: one user's drafts after `event`. */
export function evolveDrafts(state: DraftsState | null, event: DraftEvent, sequence: number): DraftsState {
  const current = state ?? noDrafts(event.data.userId);
  switch (event.type) {
    case 'draft.created.v1':
      return {
        ...current,
        drafts: [...current.drafts.filter((d) => d.id !== event.data.draft.id), event.data.draft],
        lastDraftNumber: Math.max(current.lastDraftNumber, draftNumber(current.userId, event.data.draft.id)),
        version: sequence,
      };
    case 'draft.edited.v1':
      return { ...current, drafts: current.drafts.map((d) => (d.id === event.data.draft.id ? event.data.draft : d)), version: sequence };
    case 'draft.deleted.v1':
      return { ...current, drafts: current.drafts.filter((d) => d.id !== event.data.draftId), version: sequence };
    case 'drafts.cleared.v1':
      return {
        ...current,
        drafts: current.drafts.filter((d) => !event.data.draftIds.includes(d.id)),
        clearedThrough: Math.max(current.clearedThrough, event.data.userSequence),
        version: sequence,
      };
    default: {
      const unexpected: never = event;
      throw new Error(`drafts cannot apply ${JSON.stringify(unexpected)}`);
    }
  }
}
