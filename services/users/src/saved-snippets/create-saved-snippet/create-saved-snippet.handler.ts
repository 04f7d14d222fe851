import { createSavedSnippet } from '@zulip-es/contracts';
import type { CommandHandler } from '@zulip-es/platform';
import { loadActor, type UsersDeps } from '../../shared/users-deps';
import { noSavedSnippets } from '../saved-snippets.state';
import { createSavedSnippetReply, decideCreateSavedSnippet, type CreateSavedSnippet } from './create-saved-snippet.decide';

export function createSavedSnippetHandler({ repo }: UsersDeps): CommandHandler<CreateSavedSnippet> {
  return {
    kind: 'command',
    schema: createSavedSnippet.params,
    async handle({ data, actorId, now }) {
      const { actor } = await loadActor(repo, actorId);
      const state = (await repo.savedSnippetsOf(actor.userId)) ?? noSavedSnippets(actor.userId);
      const events = decideCreateSavedSnippet(data, state, now);
      return { events, reply: createSavedSnippetReply(events) };
    },
    replyFrom: createSavedSnippetReply,
  };
}
