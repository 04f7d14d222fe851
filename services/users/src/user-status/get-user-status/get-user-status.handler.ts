import { Controller, Inject } from '@nestjs/common';
import { getUserStatus, type ReplyOf } from '@zulip-es/contracts';
import { badRequest, QueryPattern, type OperationContext } from '@zulip-es/platform';
import { accessTarget } from '../../shared/user-rules';
import { loadCaller, USERS_DEPS, type UsersDeps } from '../../shared/users-deps';
import { userStatusView } from '../user-status.state';

@Controller()
export class GetUserStatusHandler {
  constructor(@Inject(USERS_DEPS) private readonly deps: UsersDeps) {}

  /** GET /users/{user_id}/status: Zulip's `access_user_by_id` (bots are "No such user"), then the status. */
  @QueryPattern(getUserStatus)
  async get({ data, actorId }: OperationContext<typeof getUserStatus>): Promise<ReplyOf<typeof getUserStatus>> {
    const { repo } = this.deps;
    await loadCaller(repo, actorId);
    const target = await repo.knownUser(data.user_id);
    if (target?.isBot) throw badRequest('No such user');
    accessTarget(target, { allowDeactivated: false });
    return { status: userStatusView(await repo.userStatus(data.user_id)) };
  }
}
