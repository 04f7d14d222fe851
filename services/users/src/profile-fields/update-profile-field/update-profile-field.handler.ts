import { updateCustomProfileField } from '@zulip-es/contracts';
import type { CommandHandler } from '@zulip-es/platform';
import { loadActor, type UsersDeps } from '../../shared/users-deps';
import { decideUpdateProfileField, type UpdateProfileField } from './update-profile-field.decide';

export function updateProfileFieldHandler({ repo }: UsersDeps): CommandHandler<UpdateProfileField> {
  return {
    kind: 'command',
    schema: updateCustomProfileField.params,
    async handle({ data, actorId }) {
      const { actor } = await loadActor(repo, actorId);
      const [fields, users] = await Promise.all([repo.profileFieldsState(), repo.allUsers()]);
      return { events: decideUpdateProfileField(data, { actor, fields, users }), reply: {} };
    },
    replyFrom: () => ({}),
  };
}
