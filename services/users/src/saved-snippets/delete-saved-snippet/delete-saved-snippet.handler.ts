import { Controller, Inject } from '@nestjs/common';
import { deleteSavedSnippet } from '@zulip-es/contracts';
import { CommandPattern, type Decision, type MessageContext } from '@zulip-es/platform';
import { loadActor, USERS_DEPS, type UsersDeps } from '../../shared/users-deps';
import { noSavedSnippets } from '../saved-snippets.state';
import { decideDeleteSavedSnippet, type DeleteSavedSnippet } from './delete-saved-snippet.decide';

@Controller()
export class DeleteSavedSnippetHandler {
  constructor(@Inject(USERS_DEPS) private readonly deps: UsersDeps) {}

  @CommandPattern(deleteSavedSnippet)
  async delete({ data, actorId }: MessageContext<DeleteSavedSnippet>): Promise<Decision> {
    const { repo } = this.deps;
    const { actor } = await loadActor(repo, actorId);
    const state = (await repo.savedSnippetsOf(actor.userId)) ?? noSavedSnippets(actor.userId);
    return { events: decideDeleteSavedSnippet(data, state), reply: {} };
  }
}
