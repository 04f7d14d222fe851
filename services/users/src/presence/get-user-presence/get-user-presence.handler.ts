import { getUserPresence, type OperationData } from '@zulip-es/contracts';
import type { QueryHandler } from '@zulip-es/platform';
import { userByEmailFor } from '../../shared/user-by-email';
import { loadActor, type UsersDeps } from '../../shared/users-deps';
import { presenceVisibleTo } from '../presence-access';
import { presenceEnabled } from '../presence-enabled';
import { userPresence } from './user-presence';

/** GET /users/{user_id_or_email}/presence. */
export function getUserPresenceHandler(deps: UsersDeps): QueryHandler<OperationData<typeof getUserPresence>> {
  return {
    kind: 'query',
    schema: getUserPresence.params,
    async handle({ data, actorId, now }) {
      const { realm, actor } = await loadActor(deps.repo, actorId);
      const named = data.user_id_or_email;
      const target = /^\d+$/u.test(named) ? await deps.repo.user(Number(named)) : await userByEmailFor(deps.repo, actor, realm, named);
      const entry = target ? await deps.presence.get(target.userId) : null;
      return userPresence({
        named,
        target,
        visible: target !== null && presenceVisibleTo(actor, deps.config.CAN_ACCESS_ALL_USERS_GROUP_LIMITS_PRESENCE)(target),
        enabled: target !== null && presenceEnabled(target),
        entry,
        now: Math.floor(now.getTime() / 1000),
      });
    },
  };
}
