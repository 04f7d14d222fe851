import { MAX_DRAFTS_PER_USER, type createDrafts, type OperationData } from '@zulip-es/contracts';
import { badRequest } from '@zulip-es/platform';
import type { DraftsSync } from '../../users-read-model/users-read-model';
import { checkDraftsSync, withDraftsCleared } from '../drafts-sync';
import { draftId, draftsAggregateId, type DraftsState } from '../drafts.state';
import { validDraft, type DraftTargets } from '../valid-draft';
import type { MessagesDecision, MessagesNewEvent } from '../../shared/messages-new-event';

export type CreateDrafts = OperationData<typeof createDrafts>;

export interface CreateDraftsState {
  drafts: DraftsState;
  sync: DraftsSync;
  targets: DraftTargets;
}

/**
 * Zulip's `do_create_drafts`: every draft is checked before any is saved; ids in the order given.
 * A user keeps at most `MAX_DRAFTS_PER_USER` drafts (Zulip has no bound): a request that would
 * go past it saves none.
 */
export function decideCreateDrafts(cmd: CreateDrafts, state: CreateDraftsState, now: Date): MessagesDecision {
  checkDraftsSync(state.sync);
  const valid = cmd.drafts.map((draft) => validDraft(draft, state.targets, now));
  const { events, state: drafts } = withDraftsCleared(state.drafts, state.sync.disabledAt);
  const kept = drafts.draftNumbers.length;
  if (kept + valid.length > MAX_DRAFTS_PER_USER) {
    throw badRequest(`You may keep at most ${MAX_DRAFTS_PER_USER} drafts: you have ${kept}, and this request saves ${valid.length} more.`);
  }
  const created: MessagesNewEvent[] = valid.map((draft, i) => ({
    type: 'draft.created.v1',
    aggregateId: draftsAggregateId(drafts.userId),
    sequence: drafts.version + 1 + i,
    data: { userId: drafts.userId, draft: { id: draftId(drafts.userId, drafts.lastDraftNumber + 1 + i), ...draft } },
  }));
  return { events: [...events, ...created], reply: createDraftsReplyFrom(created) };
}

export function createDraftsReplyFrom(events: readonly { type: string; data: Record<string, unknown> }[]): Record<string, unknown> {
  return { ids: events.filter((e) => e.type === 'draft.created.v1').map((e) => (e.data as { draft: { id: number } }).draft.id) };
}
