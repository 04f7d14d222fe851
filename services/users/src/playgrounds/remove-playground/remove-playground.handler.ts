import { Controller, Inject } from '@nestjs/common';
import { removeCodePlayground } from '@zulip-es/contracts';
import { CommandPattern, type Decision, type MessageContext } from '@zulip-es/platform';
import { loadActor, USERS_DEPS, type UsersDeps } from '../../shared/users-deps';
import { noPlaygrounds } from '../playgrounds.state';
import { decideRemovePlayground, type RemoveCodePlayground } from './remove-playground.decide';

@Controller()
export class RemovePlaygroundHandler {
  constructor(@Inject(USERS_DEPS) private readonly deps: UsersDeps) {}

  @CommandPattern(removeCodePlayground)
  async remove({ data, actorId }: MessageContext<RemoveCodePlayground>): Promise<Decision> {
    const { repo } = this.deps;
    const { actor } = await loadActor(repo, actorId);
    return { events: decideRemovePlayground(data, { actor, playgrounds: (await repo.playgroundList()) ?? noPlaygrounds() }), reply: {} };
  }
}
