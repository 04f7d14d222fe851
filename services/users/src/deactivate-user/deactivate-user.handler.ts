import { Controller, Inject } from '@nestjs/common';
import { deactivateOwnUser, deactivateUser, Role } from '@zulip-es/contracts';
import { CommandPattern, type Decision, type MessageContext, type OperationContext } from '@zulip-es/platform';
import { loadActor, USERS_DEPS, type UsersDeps } from '../shared/users-deps';
import { isSystemBot } from '../bootstrap-realm/system-bots';
import { decideDeactivateOwnUser, decideDeactivateUser, type DeactivateUser } from './deactivate-user.decide';

@Controller()
export class DeactivateUserHandler {
  constructor(@Inject(USERS_DEPS) private readonly deps: UsersDeps) {}

  @CommandPattern(deactivateUser)
  async deactivate({ data, actorId, now }: MessageContext<DeactivateUser>): Promise<Decision> {
    const { repo } = this.deps;
    const { actor } = await loadActor(repo, actorId);
    const [target, activeOwners, pendingInvitations, unrevokedLinks] = await Promise.all([
      repo.user(data.user_id),
      repo.activeOwnerCount(),
      repo.pendingInvitationsFrom(data.user_id),
      repo.unrevokedLinksFrom(data.user_id),
    ]);
    const state = { actor, target, activeOwners, pendingInvitations, unrevokedLinks };
    return { events: decideDeactivateUser(data, state, now), reply: {} };
  }

  /** DELETE /users/me. */
  @CommandPattern(deactivateOwnUser)
  async deactivateOwn({ actorId, now }: OperationContext<typeof deactivateOwnUser>): Promise<Decision> {
    const { repo } = this.deps;
    const { actor } = await loadActor(repo, actorId);
    const [users, pendingInvitations, unrevokedLinks] = await Promise.all([
      repo.allUsers(),
      repo.pendingInvitationsFrom(actor.userId),
      repo.unrevokedLinksFrom(actor.userId),
    ]);
    const active = users.filter((u) => u.isActive && !isSystemBot(u));
    const state = {
      actor,
      activeUsers: active.length,
      activeOwners: active.filter((u) => u.role === Role.OWNER).length,
      pendingInvitations,
      unrevokedLinks,
    };
    return { events: decideDeactivateOwnUser(state, now), reply: {} };
  }
}
