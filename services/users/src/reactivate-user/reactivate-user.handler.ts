import { reactivateUser } from '@zulip-es/contracts';
import type { CommandHandler } from '@zulip-es/platform';
import { loadActor, type UsersDeps } from '../shared/users-deps';
import { decideReactivateUser, type ReactivateUser } from './reactivate-user.decide';

export function reactivateUserHandler({ repo }: UsersDeps): CommandHandler<ReactivateUser> {
  return {
    kind: 'command',
    schema: reactivateUser.params,
    async handle({ data, actorId }) {
      const { actor } = await loadActor(repo, actorId);
      return { events: decideReactivateUser(data, { actor, target: await repo.user(data.user_id) }), reply: {} };
    },
    replyFrom: () => ({}),
  };
}
