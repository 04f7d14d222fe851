import { getUserStatus, type OperationData } from '@zulip-es/contracts';
import { badRequest, type QueryHandler } from '@zulip-es/platform';
import { accessTarget } from '../../shared/user-rules';
import { loadActor, type UsersDeps } from '../../shared/users-deps';
import { userStatusView } from '../user-status.state';

/** GET /users/{user_id}/status: Zulip's `access_user_by_id` (bots are "No such user"), then the status. */
export function getUserStatusHandler({ repo }: UsersDeps): QueryHandler<OperationData<typeof getUserStatus>> {
  return {
    kind: 'query',
    schema: getUserStatus.params,
    async handle({ data, actorId }) {
      await loadActor(repo, actorId);
      const target = await repo.user(data.user_id);
      if (target?.isBot) throw badRequest('No such user');
      accessTarget(target, { allowDeactivated: false });
      return { status: userStatusView(await repo.userStatus(data.user_id)) };
    },
  };
}
