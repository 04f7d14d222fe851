import { Controller, Inject } from '@nestjs/common';
import { createSavedSnippet } from '@zulip-es/contracts';
import { CommandPattern, type Decision, type MessageContext } from '@zulip-es/platform';
import { loadActor, USERS_DEPS, type UsersDeps } from '../../shared/users-deps';
import { noSavedSnippets } from '../saved-snippets.state';
import { createSavedSnippetReply, decideCreateSavedSnippet, type CreateSavedSnippet } from './create-saved-snippet.decide';

@Controller()
export class CreateSavedSnippetHandler {
  constructor(@Inject(USERS_DEPS) private readonly deps: UsersDeps) {}

  @CommandPattern(createSavedSnippet, { replyFrom: createSavedSnippetReply })
  async create({ data, actorId, now }: MessageContext<CreateSavedSnippet>): Promise<Decision> {
    const { repo } = this.deps;
    const { actor } = await loadActor(repo, actorId);
    const state = (await repo.savedSnippetsOf(actor.userId)) ?? noSavedSnippets(actor.userId);
    const events = decideCreateSavedSnippet(data, state, now);
    return { events, reply: createSavedSnippetReply(events) };
  }
}
