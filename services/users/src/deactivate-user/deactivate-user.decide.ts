import { Role, type deactivateUser, type OperationData } from '@zulip-es/contracts';
import { badRequest, ownerRequired, type NewEvent } from '@zulip-es/platform';
import { userAggregateId, type UserState } from '../domain/user.state';
import { accessTarget, requireAdmin } from '../shared/user-rules';

export type DeactivateUser = OperationData<typeof deactivateUser>;

export interface DeactivateUserState {
  actor: UserState;
  target: UserState | null;
  activeOwners: number;
}

export function decideDeactivateUser(_cmd: DeactivateUser, state: DeactivateUserState): NewEvent[] {
  requireAdmin(state.actor);
  const target = accessTarget(state.target, { allowDeactivated: false });
  if (target.role === Role.OWNER && state.actor.role !== Role.OWNER) throw ownerRequired();
  if (target.role === Role.OWNER && state.activeOwners <= 1) throw badRequest('Cannot deactivate the only organization owner');
  return [{ type: 'user.deactivated.v1', aggregateId: userAggregateId(target.userId), sequence: target.version + 1, data: { userId: target.userId } }];
}
