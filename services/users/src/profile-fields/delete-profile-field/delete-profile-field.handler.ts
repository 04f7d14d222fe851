import { deleteCustomProfileField } from '@zulip-es/contracts';
import type { CommandHandler } from '@zulip-es/platform';
import { loadActor, type UsersDeps } from '../../shared/users-deps';
import { decideDeleteProfileField, type DeleteProfileField } from './delete-profile-field.decide';

export function deleteProfileFieldHandler({ repo }: UsersDeps): CommandHandler<DeleteProfileField> {
  return {
    kind: 'command',
    schema: deleteCustomProfileField.params,
    async handle({ data, actorId }) {
      const { actor } = await loadActor(repo, actorId);
      const [fields, users] = await Promise.all([repo.profileFieldsState(), repo.allUsers()]);
      return { events: decideDeleteProfileField(data, { actor, fields, users }), reply: {} };
    },
    replyFrom: () => ({}),
  };
}
