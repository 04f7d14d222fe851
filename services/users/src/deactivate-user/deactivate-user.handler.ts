import { deactivateUser } from '@zulip-es/contracts';
import type { CommandHandler } from '@zulip-es/platform';
import { loadActor, type UsersDeps } from '../shared/users-deps';
import { decideDeactivateUser, type DeactivateUser } from './deactivate-user.decide';

export function deactivateUserHandler({ repo }: UsersDeps): CommandHandler<DeactivateUser> {
  return {
    kind: 'command',
    schema: deactivateUser.params,
    async handle({ data, actorId }) {
      const { actor } = await loadActor(repo, actorId);
      const [target, activeOwners, pendingInvitations] = await Promise.all([repo.user(data.user_id), repo.activeOwnerCount(), repo.pendingInvitationsFrom(data.user_id)]);
      const state = { actor, target, activeOwners, pendingInvitations };
      return { events: decideDeactivateUser(data, state), reply: {} };
    },
    replyFrom: () => ({}),
  };
}
