import type { StoredDraft } from '@zulip-es/contracts';
import { badRequest, DomainError } from '@zulip-es/platform';
import type { DraftsSync } from '../users-read-model/users-read-model';
import { draftIds, draftsAggregateId, evolveDrafts, hasDraft, type DraftsState } from './drafts.state';
import type { MessagesNewEvent } from '../shared/messages-new-event';

/** Zulip's `draft_endpoint`: every drafts endpoint is closed while synchronization is off. */
export function checkDraftsSync(sync: DraftsSync): void {
  if (!sync.enabled) throw badRequest('User has disabled synchronizing drafts.');
}

/**
 * Turning synchronization off deletes the user's drafts. The relay from `users.events` does it
 * soon after, but a request may come first (the user turned it off and on again at once): then
 * the drafts saved before are already gone for that request, and its own decision records their
 * deletion first, so the relay's command later finds nothing left to do and never deletes a
 * draft saved after the setting came back on.
 */
export function withDraftsCleared(state: DraftsState, disabledAt: number): { events: MessagesNewEvent[]; state: DraftsState } {
  if (disabledAt <= state.clearedThrough) return { events: [], state };
  const event = {
    type: 'drafts.cleared.v1' as const,
    aggregateId: draftsAggregateId(state.userId),
    sequence: state.version + 1,
    data: { userId: state.userId, draftIds: draftIds(state), userSequence: disabledAt },
  };
  return { events: [event], state: evolveDrafts(state, event, event.sequence) };
}

/** The numbers of the drafts a reader sees: none when a turning-off is not applied yet. */
export const visibleDraftNumbers = (state: DraftsState, sync: DraftsSync): number[] =>
  sync.disabledAt > state.clearedThrough ? [] : state.draftNumbers;

/** Zulip's `Draft.to_dict`: the timestamp in whole seconds. */
export const draftView = (draft: StoredDraft) => ({ ...draft, timestamp: Math.floor(draft.timestamp) });

/** Zulip's `ResourceNotFoundError`: a 404 that keeps the default code. Someone else's draft is not found either. */
export function checkOwnDraft(state: DraftsState, id: number): void {
  if (!hasDraft(state, id)) throw new DomainError('BAD_REQUEST', 'Draft does not exist', {}, 404);
}
