import type { deleteSavedSnippet, OperationData, SavedSnippetDeletedV1 } from '@zulip-es/contracts';
import { noSuchSnippet, savedSnippetsAggregateId, type SavedSnippetsState } from '../saved-snippets.state';
import type { UsersNewEvent } from '../../shared/users-new-event';

export type DeleteSavedSnippet = OperationData<typeof deleteSavedSnippet>;

/** Zulip's `do_delete_saved_snippet`: only the caller's own snippets. */
export function decideDeleteSavedSnippet(cmd: DeleteSavedSnippet, state: SavedSnippetsState): UsersNewEvent[] {
  if (!state.snippets.some((s) => s.id === cmd.saved_snippet_id)) throw noSuchSnippet();
  const event: SavedSnippetDeletedV1 = {
    type: 'saved_snippet.deleted.v1',
    data: { userId: state.userId, savedSnippetId: cmd.saved_snippet_id },
  };
  return [{ ...event, aggregateId: savedSnippetsAggregateId(state.userId), sequence: state.version + 1 }];
}
