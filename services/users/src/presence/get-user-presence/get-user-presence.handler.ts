import { Controller, Inject } from '@nestjs/common';
import { getUserPresence, type ReplyOf } from '@zulip-es/contracts';
import { QueryPattern, type OperationContext } from '@zulip-es/platform';
import { userByEmailFor } from '../../shared/user-by-email';
import { loadCaller, USERS_DEPS, type UsersDeps } from '../../shared/users-deps';
import { presenceVisibleTo } from '../presence-access';
import { presenceEnabled } from '../presence-enabled';
import { userPresence } from './user-presence';

@Controller()
export class GetUserPresenceHandler {
  constructor(@Inject(USERS_DEPS) private readonly deps: UsersDeps) {}

  /** GET /users/{user_id_or_email}/presence. */
  @QueryPattern(getUserPresence)
  async get({ data, actorId, now }: OperationContext<typeof getUserPresence>): Promise<ReplyOf<typeof getUserPresence>> {
    const { deps } = this;
    const { realm, actor } = await loadCaller(deps.repo, actorId);
    const named = data.user_id_or_email;
    const target = /^\d+$/u.test(named) ? await deps.repo.knownUser(Number(named)) : await userByEmailFor(deps.repo, actor, realm, named);
    const entry = target ? await deps.presence.get(target.userId) : null;
    return userPresence({
      named,
      target,
      visible: target !== null && presenceVisibleTo(actor, deps.config.CAN_ACCESS_ALL_USERS_GROUP_LIMITS_PRESENCE)(target),
      enabled: target !== null && presenceEnabled(target),
      entry,
      now: Math.floor(now.getTime() / 1000),
    });
  }
}
