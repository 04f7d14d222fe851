import type { Projector } from '../projection/projector';
import { applyToDocument } from '../projection/projector';
import type { UsersRepository } from '../projection/users.repository';
import { evolveSavedSnippets, noSavedSnippets, savedSnippetsAggregateId, type SavedSnippetEvent } from './saved-snippets.state';

const SAVED_SNIPPET_EVENTS: readonly SavedSnippetEvent['type'][] = [
  'saved_snippet.created.v1',
  'saved_snippet.edited.v1',
  'saved_snippet.deleted.v1',
];

/** Each user's saved snippets, one document per user. */
export const savedSnippetsProjector = (repo: UsersRepository): Projector => ({
  types: SAVED_SNIPPET_EVENTS,
  async apply(event, envelope) {
    const snippetEvent = event as SavedSnippetEvent;
    const { userId } = snippetEvent.data;
    await applyToDocument(repo.savedSnippets, savedSnippetsAggregateId(userId), envelope.sequence, (current) =>
      evolveSavedSnippets(current ?? noSavedSnippets(userId), snippetEvent, envelope.sequence),
    );
  },
});
