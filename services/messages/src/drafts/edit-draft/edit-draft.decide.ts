import type { editDraft, OperationData } from '@zulip-es/contracts';
import type { DraftsSync } from '../../users-read-model/users-read-model';
import { checkDraftsSync, checkOwnDraft, withDraftsCleared } from '../drafts-sync';
import { draftsAggregateId, type DraftsState } from '../drafts.state';
import { validDraft, type DraftTargets } from '../valid-draft';
import type { MessagesDecision } from '../../shared/messages-new-event';

export type EditDraft = OperationData<typeof editDraft>;

export interface EditDraftState {
  drafts: DraftsState;
  sync: DraftsSync;
  targets: DraftTargets;
}

/** Zulip's `do_edit_draft` (E9): the draft is looked up among the caller's own, then replaced whole. */
export function decideEditDraft(cmd: EditDraft, state: EditDraftState, now: Date): MessagesDecision {
  checkDraftsSync(state.sync);
  const { events, state: drafts } = withDraftsCleared(state.drafts, state.sync.disabledAt);
  checkOwnDraft(drafts, cmd.draft_id);
  const draft = { id: cmd.draft_id, ...validDraft(cmd.draft, state.targets, now) };
  return {
    events: [
      ...events,
      {
        type: 'draft.edited.v1',
        aggregateId: draftsAggregateId(drafts.userId),
        sequence: drafts.version + 1,
        data: { userId: drafts.userId, draft },
      },
    ],
    reply: {},
  };
}
