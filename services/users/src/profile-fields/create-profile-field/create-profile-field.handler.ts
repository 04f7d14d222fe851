import { createCustomProfileField } from '@zulip-es/contracts';
import type { CommandHandler } from '@zulip-es/platform';
import { loadActor, type UsersDeps } from '../../shared/users-deps';
import { decideCreateProfileField, type CreateProfileField } from './create-profile-field.decide';

const fieldIdOf = (events: { data: Record<string, unknown> }[]) => ({ id: (events[0].data.field as { id: number }).id });

export function createProfileFieldHandler({ repo }: UsersDeps): CommandHandler<CreateProfileField> {
  return {
    kind: 'command',
    schema: createCustomProfileField.params,
    async handle({ data, actorId }) {
      const { actor } = await loadActor(repo, actorId);
      const events = decideCreateProfileField(data, { actor, fields: await repo.profileFieldsState() });
      return { events, reply: fieldIdOf(events) };
    },
    replyFrom: fieldIdOf,
  };
}
