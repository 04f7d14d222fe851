import { Controller, Inject } from '@nestjs/common';
import { reorderLinkifiers } from '@zulip-es/contracts';
import { CommandPattern, type Decision, type MessageContext } from '@zulip-es/platform';
import { loadActor, USERS_DEPS, type UsersDeps } from '../../shared/users-deps';
import { noLinkifiers } from '../linkifiers.state';
import { decideReorderLinkifiers, type ReorderLinkifiers } from './reorder-linkifiers.decide';

@Controller()
export class ReorderLinkifiersHandler {
  constructor(@Inject(USERS_DEPS) private readonly deps: UsersDeps) {}

  @CommandPattern(reorderLinkifiers)
  async reorder({ data, actorId }: MessageContext<ReorderLinkifiers>): Promise<Decision> {
    const { repo } = this.deps;
    const { actor } = await loadActor(repo, actorId);
    return { events: decideReorderLinkifiers(data, { actor, linkifiers: (await repo.linkifierList()) ?? noLinkifiers() }), reply: {} };
  }
}
