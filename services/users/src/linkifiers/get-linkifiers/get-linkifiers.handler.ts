import { Controller, Inject } from '@nestjs/common';
import { getLinkifiers, type ReplyOf } from '@zulip-es/contracts';
import { QueryPattern, type OperationContext } from '@zulip-es/platform';
import { loadCaller, USERS_DEPS, type UsersDeps } from '../../shared/users-deps';
import { linkifierDict } from '../linkifiers.state';

@Controller()
export class GetLinkifiersHandler {
  constructor(@Inject(USERS_DEPS) private readonly deps: UsersDeps) {}

  /** E16: any user of the organization reads the list, in processing order. */
  @QueryPattern(getLinkifiers)
  async list({ actorId }: OperationContext<typeof getLinkifiers>): Promise<ReplyOf<typeof getLinkifiers>> {
    const { repo } = this.deps;
    await loadCaller(repo, actorId);
    const state = await repo.linkifierList();
    return { linkifiers: (state?.linkifiers ?? []).map(linkifierDict) };
  }
}
