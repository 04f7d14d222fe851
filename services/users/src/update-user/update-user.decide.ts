import { Role, type OperationData, type updateUser } from '@zulip-es/contracts';
import { badRequest, ownerRequired, type NewEvent } from '@zulip-es/platform';
import { userAggregateId, type UserState } from '../domain/user.state';
import { accessTarget, checkFullName, requireAdmin } from '../shared/user-rules';

export type UpdateUser = OperationData<typeof updateUser>;

export interface UpdateUserState {
  actor: UserState;
  target: UserState | null;
  activeOwners: number;
}

/** Full name and role (the rest of E5 comes with the users domain work); only changes produce events. */
export function decideUpdateUser(cmd: UpdateUser, state: UpdateUserState): NewEvent[] {
  requireAdmin(state.actor);
  const target = accessTarget(state.target, { allowDeactivated: true });
  const events: NewEvent[] = [];
  const next = () => target.version + events.length + 1;
  if (cmd.role !== undefined && cmd.role !== target.role) {
    if ((cmd.role === Role.OWNER || target.role === Role.OWNER) && state.actor.role !== Role.OWNER) throw ownerRequired();
    if (target.role === Role.OWNER && state.activeOwners <= 1) {
      throw badRequest('The owner permission cannot be removed from the only organization owner.');
    }
  }
  const fullName = cmd.full_name === undefined ? undefined : checkFullName(cmd.full_name);
  if (fullName !== undefined && fullName !== target.fullName) {
    events.push({ type: 'user.full_name_changed.v1', aggregateId: userAggregateId(target.userId), sequence: next(), data: { userId: target.userId, fullName } });
  }
  if (cmd.role !== undefined && cmd.role !== target.role) {
    events.push({ type: 'user.role_changed.v1', aggregateId: userAggregateId(target.userId), sequence: next(), data: { userId: target.userId, role: cmd.role } });
  }
  return events;
}
