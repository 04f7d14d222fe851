import { Controller, Inject } from '@nestjs/common';
import { removeLinkifier } from '@zulip-es/contracts';
import { CommandPattern, type Decision, type MessageContext } from '@zulip-es/platform';
import { loadActor, USERS_DEPS, type UsersDeps } from '../../shared/users-deps';
import { noLinkifiers } from '../linkifiers.state';
import { decideRemoveLinkifier, type RemoveLinkifier } from './remove-linkifier.decide';

@Controller()
export class RemoveLinkifierHandler {
  constructor(@Inject(USERS_DEPS) private readonly deps: UsersDeps) {}

  @CommandPattern(removeLinkifier)
  async remove({ data, actorId }: MessageContext<RemoveLinkifier>): Promise<Decision> {
    const { repo } = this.deps;
    const { actor } = await loadActor(repo, actorId);
    return { events: decideRemoveLinkifier(data, { actor, linkifiers: (await repo.linkifierList()) ?? noLinkifiers() }), reply: {} };
  }
}
