import { deleteSavedSnippet } from '@zulip-es/contracts';
import type { CommandHandler } from '@zulip-es/platform';
import { loadActor, type UsersDeps } from '../../shared/users-deps';
import { noSavedSnippets } from '../saved-snippets.state';
import { decideDeleteSavedSnippet, type DeleteSavedSnippet } from './delete-saved-snippet.decide';

export function deleteSavedSnippetHandler({ repo }: UsersDeps): CommandHandler<DeleteSavedSnippet> {
  return {
    kind: 'command',
    schema: deleteSavedSnippet.params,
    async handle({ data, actorId }) {
      const { actor } = await loadActor(repo, actorId);
      const state = (await repo.savedSnippetsOf(actor.userId)) ?? noSavedSnippets(actor.userId);
      return { events: decideDeleteSavedSnippet(data, state), reply: {} };
    },
    replyFrom: () => ({}),
  };
}
