import { MAX_SAVED_SNIPPETS_PER_USER, type createSavedSnippet, type OperationData, type SavedSnippetCreatedV1 } from '@zulip-es/contracts';
import { badRequest } from '@zulip-es/platform';
import { savedSnippetId, savedSnippetsAggregateId, type SavedSnippetsState } from '../saved-snippets.state';
import type { UsersNewEvent } from '../../shared/users-new-event';

export type CreateSavedSnippet = OperationData<typeof createSavedSnippet>;

/** Zulip's `do_create_saved_snippet`; the schema has already stripped both fields and refused them blank. */
export function decideCreateSavedSnippet(cmd: CreateSavedSnippet, state: SavedSnippetsState, now: Date): UsersNewEvent[] {
  if (state.snippets.length >= MAX_SAVED_SNIPPETS_PER_USER) {
    throw badRequest(`You can have at most ${MAX_SAVED_SNIPPETS_PER_USER} saved snippets.`, {
      max_saved_snippets: MAX_SAVED_SNIPPETS_PER_USER,
    });
  }
  const event: SavedSnippetCreatedV1 = {
    type: 'saved_snippet.created.v1',
    data: {
      userId: state.userId,
      savedSnippetId: savedSnippetId(state.userId, state.lastNumber + 1),
      title: cmd.title,
      content: cmd.content,
      dateCreated: now.toISOString(),
    },
  };
  return [{ ...event, aggregateId: savedSnippetsAggregateId(state.userId), sequence: state.version + 1 }];
}

export const createSavedSnippetReply = (events: readonly { data: unknown }[]) => ({
  saved_snippet_id: (events[0]!.data as SavedSnippetCreatedV1['data']).savedSnippetId,
});
