import { Controller, Inject } from '@nestjs/common';
import { updateLinkifier } from '@zulip-es/contracts';
import { CommandPattern, type Decision, type MessageContext } from '@zulip-es/platform';
import { loadActor, USERS_DEPS, type UsersDeps } from '../../shared/users-deps';
import { noLinkifiers } from '../linkifiers.state';
import { decideUpdateLinkifier, type UpdateLinkifier } from './update-linkifier.decide';

@Controller()
export class UpdateLinkifierHandler {
  constructor(@Inject(USERS_DEPS) private readonly deps: UsersDeps) {}

  @CommandPattern(updateLinkifier)
  async update({ data, actorId }: MessageContext<UpdateLinkifier>): Promise<Decision> {
    const { repo } = this.deps;
    const { actor } = await loadActor(repo, actorId);
    return { events: decideUpdateLinkifier(data, { actor, linkifiers: (await repo.linkifierList()) ?? noLinkifiers() }), reply: {} };
  }
}
