import type { deleteDraft, OperationData } from '@zulip-es/contracts';
import type { DraftsSync } from '../../users-read-model/users-read-model';
import { checkDraftsSync, checkOwnDraft, withDraftsCleared } from '../drafts-sync';
import { draftsAggregateId, type DraftsState } from '../drafts.state';
import type { MessagesDecision } from '../../shared/messages-new-event';

export type DeleteDraft = OperationData<typeof deleteDraft>;

/** Zulip's `do_delete_draft`: only the caller's own draft. */
export function decideDeleteDraft(cmd: DeleteDraft, state: { drafts: DraftsState; sync: DraftsSync }): MessagesDecision {
  checkDraftsSync(state.sync);
  const { events, state: drafts } = withDraftsCleared(state.drafts, state.sync.disabledAt);
  checkOwnDraft(drafts, cmd.draft_id);
  return {
    events: [
      ...events,
      {
        type: 'draft.deleted.v1',
        aggregateId: draftsAggregateId(drafts.userId),
        sequence: drafts.version + 1,
        data: { userId: drafts.userId, draftId: cmd.draft_id },
      },
    ],
    reply: {},
  };
}
