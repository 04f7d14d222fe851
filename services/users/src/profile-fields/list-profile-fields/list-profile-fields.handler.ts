import { Controller, Inject } from '@nestjs/common';
import { getCustomProfileFields, type ReplyOf } from '@zulip-es/contracts';
import { QueryPattern, type OperationContext } from '@zulip-es/platform';
import { loadCaller, USERS_DEPS, type UsersDeps } from '../../shared/users-deps';
import { profileFieldsView } from '@zulip-es/zulip-rules';

@Controller()
export class ListProfileFieldsHandler {
  constructor(@Inject(USERS_DEPS) private readonly deps: UsersDeps) {}

  /** Any member of the organization, guests included, reads the profile form. */
  @QueryPattern(getCustomProfileFields)
  async list({ actorId }: OperationContext<typeof getCustomProfileFields>): Promise<ReplyOf<typeof getCustomProfileFields>> {
    const { repo } = this.deps;
    await loadCaller(repo, actorId);
    return { custom_fields: profileFieldsView((await repo.profileFieldsState()).fields) };
  }
}
