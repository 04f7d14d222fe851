import { Controller, Inject } from '@nestjs/common';
import { reorderCustomProfileFields } from '@zulip-es/contracts';
import { CommandPattern, type Decision, type MessageContext } from '@zulip-es/platform';
import { loadActor, USERS_DEPS, type UsersDeps } from '../../shared/users-deps';
import { decideReorderProfileFields, type ReorderProfileFields } from './reorder-profile-fields.decide';

@Controller()
export class ReorderProfileFieldsHandler {
  constructor(@Inject(USERS_DEPS) private readonly deps: UsersDeps) {}

  @CommandPattern(reorderCustomProfileFields)
  async reorder({ data, actorId }: MessageContext<ReorderProfileFields>): Promise<Decision> {
    const { repo } = this.deps;
    const { actor } = await loadActor(repo, actorId);
    return { events: decideReorderProfileFields(data, { actor, fields: await repo.profileFieldsState() }), reply: {} };
  }
}
