import { Controller, Inject } from '@nestjs/common';
import { deleteCustomProfileField } from '@zulip-es/contracts';
import { CommandPattern, type Decision, type MessageContext } from '@zulip-es/platform';
import { loadActor, USERS_DEPS, type UsersDeps } from '../../shared/users-deps';
import { decideDeleteProfileField, type DeleteProfileField } from './delete-profile-field.decide';

@Controller()
export class DeleteProfileFieldHandler {
  constructor(@Inject(USERS_DEPS) private readonly deps: UsersDeps) {}

  @CommandPattern(deleteCustomProfileField)
  async delete({ data, actorId }: MessageContext<DeleteProfileField>): Promise<Decision> {
    const { repo } = this.deps;
    const { actor } = await loadActor(repo, actorId);
    const [fields, users] = await Promise.all([repo.profileFieldsState(), repo.allUsers()]);
    return { events: decideDeleteProfileField(data, { actor, fields, users }), reply: {} };
  }
}
