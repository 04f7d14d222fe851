import type { OperationData, reactivateUser } from '@zulip-es/contracts';
import { badRequest } from '@zulip-es/platform';
import { userAggregateId, type UserState } from '../domain/user.state';
import { accessTarget, requireAdmin } from '../shared/user-rules';
import type { UsersNewEvent } from '../shared/users-new-event';

export type ReactivateUser = OperationData<typeof reactivateUser>;

export function decideReactivateUser(_cmd: ReactivateUser, state: { actor: UserState; target: UserState | null }): UsersNewEvent[] {
  requireAdmin(state.actor);
  const target = accessTarget(state.target, { allowDeactivated: true });
  if (target.isActive) throw badRequest('User is already active.');
  return [
    {
      type: 'user.reactivated.v1',
      aggregateId: userAggregateId(target.userId),
      sequence: target.version + 1,
      data: { userId: target.userId },
    },
  ];
}
