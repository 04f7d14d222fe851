import { Role, type CustomProfileFieldDefinition } from '@zulip-es/contracts';
import { badRequest } from '@zulip-es/platform';
import { userAggregateId, type UserState } from '../domain/user.state';
import { checkProfileValue, type RawProfileValue } from './profile-field-value';
import type { UsersNewEvent } from '../shared/users-new-event';

export interface ProfileDataEntry {
  id: number;
  value: RawProfileValue | null;
}

export interface ProfileDataChange {
  fieldId: number;
  value: string | null;
  renderedValue?: string;
}

export interface ProfileDataContext {
  actor: UserState;
  target: UserState;
  fields: readonly CustomProfileFieldDefinition[];
  /** Every user by id, for person picker values. */
  users: ReadonlyMap<number, UserState>;
}

export const NOT_EDITABLE = 'You are not allowed to change this field. Contact an administrator to update it.';

/** Zulip's lookup of a field by id, with its message. */
export function fieldById(fields: readonly CustomProfileFieldDefinition[], id: number): CustomProfileFieldDefinition {
  const field = fields.find((f) => f.id === id);
  if (!field) throw badRequest(`Field id ${id} not found.`);
  return field;
}

/** Fields an administrator locked (`editable_by_user` false) are changed by administrators only. */
export function checkEditable(field: CustomProfileFieldDefinition, actor: UserState): void {
  if (actor.role > Role.ADMINISTRATOR && !field.editableByUser) throw badRequest(NOT_EDITABLE);
}

const isEmpty = (value: RawProfileValue | null): boolean => value === null || value.length === 0;

/**
 * Validates every entry first (a refused entry changes nothing), then returns the values that
 * really change: an empty or null value clears the field; a repeated field id counts once, last.
 */
export function profileDataChanges(entries: readonly ProfileDataEntry[], ctx: ProfileDataContext): ProfileDataChange[] {
  const wanted = new Map<number, ProfileDataChange>();
  for (const entry of entries) {
    const field = fieldById(ctx.fields, entry.id);
    checkEditable(field, ctx.actor);
    wanted.set(
      field.id,
      entry.value === null || isEmpty(entry.value)
        ? { fieldId: field.id, value: null }
        : { fieldId: field.id, ...checkProfileValue(field, entry.value, ctx.users) },
    );
  }
  const current = ctx.target.profileData ?? {};
  return [...wanted.values()].filter((change) => (current[String(change.fieldId)]?.value ?? null) !== change.value);
}

/** One event for all of a user's changed values, or none. */
export function profileDataChanged(user: UserState, changes: ProfileDataChange[], sequence: number): UsersNewEvent[] {
  if (changes.length === 0) return [];
  return [
    { type: 'user.profile_data_changed.v1', aggregateId: userAggregateId(user.userId), sequence, data: { userId: user.userId, changes } },
  ];
}
