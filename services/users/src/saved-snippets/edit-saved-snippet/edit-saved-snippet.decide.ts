import type { editSavedSnippet, OperationData, SavedSnippetEditedV1 } from '@zulip-es/contracts';
import { noSuchSnippet, savedSnippetsAggregateId, type SavedSnippetsState } from '../saved-snippets.state';
import type { UsersNewEvent } from '../../shared/users-new-event';

export type EditSavedSnippet = OperationData<typeof editSavedSnippet>;

/**
 * Zulip's `edit_saved_snippet`: nothing sent, nothing changes (and no event, before even looking
 * the snippet up); otherwise the caller's snippet gets what was sent.
 */
export function decideEditSavedSnippet(cmd: EditSavedSnippet, state: SavedSnippetsState): UsersNewEvent[] {
  const { saved_snippet_id: id, title, content } = cmd;
  if (title === undefined && content === undefined) return [];
  const snippet = state.snippets.find((s) => s.id === id);
  if (!snippet) throw noSuchSnippet();
  const event: SavedSnippetEditedV1 = {
    type: 'saved_snippet.edited.v1',
    data: {
      userId: state.userId,
      savedSnippetId: id,
      title: title ?? snippet.title,
      content: content ?? snippet.content,
      dateCreated: snippet.dateCreated,
    },
  };
  return [{ ...event, aggregateId: savedSnippetsAggregateId(state.userId), sequence: state.version + 1 }];
}
