import { Controller, Inject } from '@nestjs/common';
import { updateCustomProfileField } from '@zulip-es/contracts';
import { CommandPattern, type Decision, type MessageContext } from '@zulip-es/platform';
import { loadActor, USERS_DEPS, type UsersDeps } from '../../shared/users-deps';
import { decideUpdateProfileField, type UpdateProfileField } from './update-profile-field.decide';

@Controller()
export class UpdateProfileFieldHandler {
  constructor(@Inject(USERS_DEPS) private readonly deps: UsersDeps) {}

  @CommandPattern(updateCustomProfileField)
  async update({ data, actorId }: MessageContext<UpdateProfileField>): Promise<Decision> {
    const { repo } = this.deps;
    const { actor } = await loadActor(repo, actorId);
    const [fields, users] = await Promise.all([repo.profileFieldsState(), repo.allUsers()]);
    return { events: decideUpdateProfileField(data, { actor, fields, users }), reply: {} };
  }
}
