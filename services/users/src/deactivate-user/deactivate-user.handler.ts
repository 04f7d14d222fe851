import { deactivateOwnUser, deactivateUser, Role, type OperationData } from '@zulip-es/contracts';
import type { CommandHandler } from '@zulip-es/platform';
import { loadActor, type UsersDeps } from '../shared/users-deps';
import { isSystemBot } from '../bootstrap-realm/system-bots';
import { decideDeactivateOwnUser, decideDeactivateUser, type DeactivateUser } from './deactivate-user.decide';

export function deactivateUserHandler({ repo }: UsersDeps): CommandHandler<DeactivateUser> {
  return {
    kind: 'command',
    schema: deactivateUser.params,
    async handle({ data, actorId, now }) {
      const { actor } = await loadActor(repo, actorId);
      const [target, activeOwners, pendingInvitations, unrevokedLinks] = await Promise.all([
        repo.user(data.user_id),
        repo.activeOwnerCount(),
        repo.pendingInvitationsFrom(data.user_id),
        repo.unrevokedLinksFrom(data.user_id),
      ]);
      const state = { actor, target, activeOwners, pendingInvitations, unrevokedLinks };
      return { events: decideDeactivateUser(data, state, now), reply: {} };
    },
    replyFrom: () => ({}),
  };
}

/** DELETE /users/me. */
export function deactivateOwnUserHandler({ repo }: UsersDeps): CommandHandler<OperationData<typeof deactivateOwnUser>> {
  return {
    kind: 'command',
    schema: deactivateOwnUser.params,
    async handle({ actorId, now }) {
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
    },
    replyFrom: () => ({}),
  };
}
