import { editSavedSnippet } from '@zulip-es/contracts';
import type { CommandHandler } from '@zulip-es/platform';
import { loadActor, type UsersDeps } from '../../shared/users-deps';
import { noSavedSnippets } from '../saved-snippets.state';
import { decideEditSavedSnippet, type EditSavedSnippet } from './edit-saved-snippet.decide';

export function editSavedSnippetHandler({ repo }: UsersDeps): CommandHandler<EditSavedSnippet> {
  return {
    kind: 'command',
    schema: editSavedSnippet.params,
    async handle({ data, actorId }) {
      const { actor } = await loadActor(repo, actorId);
      const state = (await repo.savedSnippetsOf(actor.userId)) ?? noSavedSnippets(actor.userId);
      return { events: decideEditSavedSnippet(data, state), reply: {} };
    },
    replyFrom: () => ({}),
  };
}
