import { Controller, Inject } from '@nestjs/common';
import { getSavedSnippets, type ReplyOf } from '@zulip-es/contracts';
import { QueryPattern, type OperationContext } from '@zulip-es/platform';
import { loadCaller, USERS_DEPS, type UsersDeps } from '../../shared/users-deps';
import { savedSnippetDict } from '../saved-snippets.state';

@Controller()
export class GetSavedSnippetsHandler {
  constructor(@Inject(USERS_DEPS) private readonly deps: UsersDeps) {}

  @QueryPattern(getSavedSnippets)
  async list({ actorId }: OperationContext<typeof getSavedSnippets>): Promise<ReplyOf<typeof getSavedSnippets>> {
    const { repo } = this.deps;
    const { actor } = await loadCaller(repo, actorId);
    const state = await repo.savedSnippetsOf(actor.userId);
    return { saved_snippets: (state?.snippets ?? []).map(savedSnippetDict) };
  }
}
