import { Controller, Inject } from '@nestjs/common';
import { editSavedSnippet } from '@zulip-es/contracts';
import { CommandPattern, type Decision, type MessageContext } from '@zulip-es/platform';
import { loadActor, USERS_DEPS, type UsersDeps } from '../../shared/users-deps';
import { noSavedSnippets } from '../saved-snippets.state';
import { decideEditSavedSnippet, type EditSavedSnippet } from './edit-saved-snippet.decide';

@Controller()
export class EditSavedSnippetHandler {
  constructor(@Inject(USERS_DEPS) private readonly deps: UsersDeps) {}

  @CommandPattern(editSavedSnippet)
  async edit({ data, actorId }: MessageContext<EditSavedSnippet>): Promise<Decision> {
    const { repo } = this.deps;
    const { actor } = await loadActor(repo, actorId);
    const state = (await repo.savedSnippetsOf(actor.userId)) ?? noSavedSnippets(actor.userId);
    return { events: decideEditSavedSnippet(data, state), reply: {} };
  }
}
