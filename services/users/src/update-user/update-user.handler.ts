import { updateUser } from '@zulip-es/contracts';
import type { CommandHandler } from '@zulip-es/platform';
import { loadActor, type UsersDeps } from '../shared/users-deps';
import { decideUpdateUser, type UpdateUser } from './update-user.decide';

export function updateUserHandler({ repo }: UsersDeps): CommandHandler<UpdateUser> {
  return {
    kind: 'command',
    schema: updateUser.params,
    async handle({ data, actorId }) {
      const { actor } = await loadActor(repo, actorId);
      const state = { actor, target: await repo.user(data.user_id), activeOwners: await repo.activeOwnerCount() };
      return { events: decideUpdateUser(data, state), reply: {} };
    },
    replyFrom: () => ({}),
  };
}
