import { getSavedSnippets, type OperationData } from '@zulip-es/contracts';
import type { QueryHandler } from '@zulip-es/platform';
import { loadActor, type UsersDeps } from '../../shared/users-deps';
import { savedSnippetDict } from '../saved-snippets.state';

export function getSavedSnippetsHandler({ repo }: UsersDeps): QueryHandler<OperationData<typeof getSavedSnippets>> {
  return {
    kind: 'query',
    schema: getSavedSnippets.params,
    async handle({ actorId }) {
      const { actor } = await loadActor(repo, actorId);
      const state = await repo.savedSnippetsOf(actor.userId);
      return { saved_snippets: (state?.snippets ?? []).map(savedSnippetDict) };
    },
  };
}
