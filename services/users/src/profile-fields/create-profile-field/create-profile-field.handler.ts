import { Controller, Inject } from '@nestjs/common';
import { createCustomProfileField } from '@zulip-es/contracts';
import { CommandPattern, type Decision, type MessageContext } from '@zulip-es/platform';
import { loadActor, USERS_DEPS, type UsersDeps } from '../../shared/users-deps';
import { decideCreateProfileField, type CreateProfileField } from './create-profile-field.decide';

/** The reply of a creation, from its event: the new field's id. */
export const fieldIdOf = (events: { data: Record<string, unknown> }[]) => ({ id: (events[0].data.field as { id: number }).id });

@Controller()
export class CreateProfileFieldHandler {
  constructor(@Inject(USERS_DEPS) private readonly deps: UsersDeps) {}

  @CommandPattern(createCustomProfileField, { replyFrom: fieldIdOf })
  async create({ data, actorId }: MessageContext<CreateProfileField>): Promise<Decision> {
    const { repo } = this.deps;
    const { actor } = await loadActor(repo, actorId);
    const events = decideCreateProfileField(data, { actor, fields: await repo.profileFieldsState() });
    return { events, reply: fieldIdOf(events) };
  }
}
