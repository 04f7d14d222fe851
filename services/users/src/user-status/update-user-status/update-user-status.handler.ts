import { updateOwnStatus, updateUserStatus } from '@zulip-es/contracts';
import type { CommandHandler } from '@zulip-es/platform';
import { loadActor, type UsersDeps } from '../../shared/users-deps';
import { decideOwnStatus, decideUserStatus, type UpdateOwnStatus, type UpdateUserStatus } from './update-user-status.decide';

export function updateOwnStatusHandler({ repo }: UsersDeps): CommandHandler<UpdateOwnStatus> {
  return {
    kind: 'command',
    schema: updateOwnStatus.params,
    async handle({ data, actorId }) {
      const { actor } = await loadActor(repo, actorId);
      const state = { actor, target: actor, current: await repo.userStatus(actor.userId), customEmoji: new Map() };
      return { events: decideOwnStatus(data, state), reply: {} };
    },
    replyFrom: () => ({}),
  };
}

export function updateUserStatusHandler({ repo }: UsersDeps): CommandHandler<UpdateUserStatus> {
  return {
    kind: 'command',
    schema: updateUserStatus.params,
    async handle({ data, actorId }) {
      const { actor } = await loadActor(repo, actorId);
      const [target, current] = await Promise.all([repo.user(data.user_id), repo.userStatus(data.user_id)]);
      return { events: decideUserStatus(data, { actor, target, current, customEmoji: new Map() }), reply: {} };
    },
    replyFrom: () => ({}),
  };
}
