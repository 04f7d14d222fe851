import { reorderCustomProfileFields } from '@zulip-es/contracts';
import type { CommandHandler } from '@zulip-es/platform';
import { loadActor, type UsersDeps } from '../../shared/users-deps';
import { decideReorderProfileFields, type ReorderProfileFields } from './reorder-profile-fields.decide';

export function reorderProfileFieldsHandler({ repo }: UsersDeps): CommandHandler<ReorderProfileFields> {
  return {
    kind: 'command',
    schema: reorderCustomProfileFields.params,
    async handle({ data, actorId }) {
      const { actor } = await loadActor(repo, actorId);
      return { events: decideReorderProfileFields(data, { actor, fields: await repo.profileFieldsState() }), reply: {} };
    },
    replyFrom: () => ({}),
  };
}
