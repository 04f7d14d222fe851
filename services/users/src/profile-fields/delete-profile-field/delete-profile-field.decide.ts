import type { deleteCustomProfileField, OperationData } from '@zulip-es/contracts';
import type { UserState } from '../../domain/user.state';
import { requireAdmin } from '../../shared/user-rules';
import { fieldById, profileDataChanged } from '../profile-data-changes';
import { PROFILE_FIELDS_AGGREGATE, type ProfileFieldsState } from '../profile-fields.state';
import type { UsersNewEvent } from '../../shared/users-new-event';

export type DeleteProfileField = OperationData<typeof deleteCustomProfileField>;

/** The field goes, and with it every user's value (one event per user who had one). */
export function decideDeleteProfileField(
  cmd: DeleteProfileField,
  state: { actor: UserState; fields: ProfileFieldsState; users: readonly UserState[] },
): UsersNewEvent[] {
  requireAdmin(state.actor);
  const field = fieldById(state.fields.fields, cmd.field_id);
  const events: UsersNewEvent[] = [
    {
      type: 'custom_profile_field.deleted.v1',
      aggregateId: PROFILE_FIELDS_AGGREGATE,
      sequence: state.fields.version + 1,
      data: { fieldId: field.id },
    },
  ];
  for (const user of state.users) {
    if (user.profileData?.[String(field.id)] !== undefined)
      events.push(...profileDataChanged(user, [{ fieldId: field.id, value: null }], user.version + 1));
  }
  return events;
}
