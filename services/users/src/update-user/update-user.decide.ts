import { Role, type CustomProfileFieldDefinition, type OperationData, type updateUser } from '@zulip-es/contracts';
import { badRequest, ownerRequired } from '@zulip-es/platform';
import { userAggregateId, type UserState } from '../domain/user.state';
import { profileDataChanged, profileDataChanges } from '../profile-fields/profile-data-changes';
import { accessTarget, checkFullName, isValidEmail, requireAdmin } from '../shared/user-rules';
import type { UsersNewEvent } from '../shared/users-new-event';

/** The body of `PATCH /users/{user_id}` and `PATCH /users/{email}`: they differ only in the lookup. */
export type UpdateUser = Omit<OperationData<typeof updateUser>, 'user_id'>;

export interface UpdateUserState {
  actor: UserState;
  /** The user the path named, already looked up (by id, dummy email or visible real email). */
  target: UserState | null;
  activeOwners: number;
  /** Needed with `profile_data`. */
  profileFields?: readonly CustomProfileFieldDefinition[];
  /** Every user by id, for person picker values (needed with `profile_data`). */
  users?: ReadonlyMap<number, UserState>;
  /** Whether the actor holds the `can_change_user_emails` special permission. */
  canChangeUserEmails?: boolean;
  /** The user already holding `new_email`, if any. */
  emailHolder?: UserState | null;
}

export const EMAIL_CHANGE_REFUSED = 'User not authorized to change user emails';

/**
 * E5. Everything is checked before anything changes (Zulip applies each part in turn; a refused
 * request here changes nothing), then one event per changed part, in sequence.
 */
export function decideUpdateUser(cmd: UpdateUser, state: UpdateUserState): UsersNewEvent[] {
  requireAdmin(state.actor);
  const target = accessTarget(state.target, { allowDeactivated: true });
  if (cmd.new_email !== undefined && !(state.actor.role === Role.OWNER && state.canChangeUserEmails))
    throw badRequest(EMAIL_CHANGE_REFUSED);
  const role = cmd.role !== undefined && cmd.role !== target.role ? cmd.role : undefined;
  if (role !== undefined) checkRoleChange(role, target, state);
  // Zulip ignores a blank or unchanged name rather than refusing it.
  const fullName = cmd.full_name === undefined || cmd.full_name.trim() === '' ? undefined : checkFullName(cmd.full_name);
  const profileChanges =
    cmd.profile_data === undefined
      ? []
      : profileDataChanges(cmd.profile_data, {
          actor: state.actor,
          target,
          fields: state.profileFields ?? [],
          users: state.users ?? new Map(),
        });
  const newEmail = cmd.new_email === undefined ? undefined : checkNewEmail(cmd.new_email.trim(), target, state.emailHolder ?? null);

  const events: UsersNewEvent[] = [];
  const next = () => target.version + events.length + 1;
  const aggregateId = userAggregateId(target.userId);
  if (fullName !== undefined && fullName !== target.fullName) {
    events.push({ type: 'user.full_name_changed.v1', aggregateId, sequence: next(), data: { userId: target.userId, fullName } });
  }
  if (role !== undefined)
    events.push({ type: 'user.role_changed.v1', aggregateId, sequence: next(), data: { userId: target.userId, role } });
  events.push(...profileDataChanged(target, profileChanges, next()));
  if (newEmail !== undefined && newEmail !== target.deliveryEmail) {
    events.push({
      type: 'user.email_changed.v1',
      aggregateId,
      sequence: next(),
      data: { userId: target.userId, deliveryEmail: newEmail, previousEmail: target.deliveryEmail },
    });
  }
  return events;
}

function checkRoleChange(role: Role, target: UserState, state: UpdateUserState): void {
  if ((role === Role.OWNER || target.role === Role.OWNER) && state.actor.role !== Role.OWNER) throw ownerRequired();
  if (target.role === Role.OWNER && state.activeOwners <= 1)
    throw badRequest('The owner permission cannot be removed from the only organization owner.');
  // Owners are administrators too (Zulip's is_admin), so neither role goes straight to a guest.
  if (target.role === Role.GUEST && role <= Role.ADMINISTRATOR) throw badRequest('Guests cannot be organization administrators');
}

/** Zulip's `validate_email_is_valid` and `validate_email_not_already_in_realm(verbose=False)`. */
function checkNewEmail(email: string, target: UserState, holder: UserState | null): string {
  if (!isValidEmail(email)) throw badRequest('Invalid address.');
  if (holder && holder.userId !== target.userId)
    throw badRequest(holder.isActive ? 'Already has an account.' : 'Account has been deactivated.');
  return email;
}
