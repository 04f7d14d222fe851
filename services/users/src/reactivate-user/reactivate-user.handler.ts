import { Controller, Inject } from '@nestjs/common';
import { reactivateUser } from '@zulip-es/contracts';
import { CommandPattern, type Decision, type MessageContext } from '@zulip-es/platform';
import { loadActor, USERS_DEPS, type UsersDeps } from '../shared/users-deps';
import { decideReactivateUser, type ReactivateUser } from './reactivate-user.decide';

@Controller()
export class ReactivateUserHandler {
  constructor(@Inject(USERS_DEPS) private readonly deps: UsersDeps) {}

  @CommandPattern(reactivateUser)
  async reactivate({ data, actorId }: MessageContext<ReactivateUser>): Promise<Decision> {
    const { repo } = this.deps;
    const { actor } = await loadActor(repo, actorId);
    return { events: decideReactivateUser(data, { actor, target: await repo.user(data.user_id) }), reply: {} };
  }
}
