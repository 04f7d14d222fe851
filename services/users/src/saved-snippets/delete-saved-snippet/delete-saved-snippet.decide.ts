import type { deleteSavedSnippet, OperationData, SavedSnippetDeletedV1 } from '@zulip-es/contracts';
import type { NewEvent } from '@zulip-es/platform';
import { noSuchSnippet, savedSnippetsAggregateId, type SavedSnippetsState } from '../saved-snippets.state';

export type DeleteSavedSnippet = OperationData<typeof deleteSavedSnippet>;

/** Zulip's `do_delete_saved_snippet`: only the caller's own snippets. */
export function decideDeleteSavedSnippet(cmd: DeleteSavedSnippet, state: SavedSnippetsState): NewEvent[] {
  if (!state.snippets.some((s) => s.id === cmd.saved_snippet_id)) throw noSuchSnippet();
  const event: SavedSnippetDeletedV1 = {
    type: 'saved_snippet.deleted.v1',
    data: { userId: state.userId, savedSnippetId: cmd.saved_snippet_id },
  };
  return [{ ...event, aggregateId: savedSnippetsAggregateId(state.userId), sequence: state.version + 1 }];
}
