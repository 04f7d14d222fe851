import { removeOwnProfileData, updateOwnProfileData } from '@zulip-es/contracts';
import type { CommandHandler } from '@zulip-es/platform';
import { loadActor, type UsersDeps } from '../shared/users-deps';
import {
  decideRemoveOwnProfileData,
  decideUpdateOwnProfileData,
  type RemoveOwnProfileData,
  type UpdateOwnProfileData,
} from './own-profile-data.decide';

export function updateOwnProfileDataHandler({ repo }: UsersDeps): CommandHandler<UpdateOwnProfileData> {
  return {
    kind: 'command',
    schema: updateOwnProfileData.params,
    async handle({ data, actorId }) {
      const { actor } = await loadActor(repo, actorId);
      const [fields, users] = await Promise.all([repo.profileFieldsState(), repo.allUsers()]);
      const state = { actor, fields: fields.fields, users: new Map(users.map((u) => [u.userId, u])) };
      return { events: decideUpdateOwnProfileData(data, state), reply: {} };
    },
    replyFrom: () => ({}),
  };
}

export function removeOwnProfileDataHandler({ repo }: UsersDeps): CommandHandler<RemoveOwnProfileData> {
  return {
    kind: 'command',
    schema: removeOwnProfileData.params,
    async handle({ data, actorId }) {
      const { actor } = await loadActor(repo, actorId);
      return { events: decideRemoveOwnProfileData(data, { actor, fields: (await repo.profileFieldsState()).fields }), reply: {} };
    },
    replyFrom: () => ({}),
  };
}
