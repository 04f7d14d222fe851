import { ProfileFieldType, type OperationData, type updateCustomProfileField } from '@zulip-es/contracts';
import { badRequest } from '@zulip-es/platform';
import type { UserState } from '../../domain/user.state';
import { requireAdmin } from '../../shared/user-rules';
import { fieldById, profileDataChanged } from '../profile-data-changes';
import {
  checkFieldDataShape,
  checkFieldDefinition,
  checkLabelFree,
  checkSummaryLimit,
  isDefaultExternalField,
  storedFieldData,
  type FieldData,
} from '../profile-field-definition';
import { PROFILE_FIELDS_AGGREGATE, type ProfileFieldsState } from '../profile-fields.state';
import type { UsersNewEvent } from '../../shared/users-new-event';

export type UpdateProfileField = OperationData<typeof updateCustomProfileField>;

export interface UpdateProfileFieldState {
  actor: UserState;
  fields: ProfileFieldsState;
  /** Every user: removing a choice clears the values that chose it. */
  users: readonly UserState[];
}

/** Only what is sent changes; nothing is published when nothing changes. */
export function decideUpdateProfileField(cmd: UpdateProfileField, state: UpdateProfileFieldState): UsersNewEvent[] {
  requireAdmin(state.actor);
  const { fields } = state.fields;
  const field = fieldById(fields, cmd.field_id);
  if (cmd.field_data !== undefined) checkFieldDataShape(cmd.field_data);
  if (cmd.display_in_profile_summary) checkSummaryLimit(fields, field.id);
  const name = cmd.name?.trim();
  const currentData = (field.fieldData ? JSON.parse(field.fieldData) : {}) as FieldData;
  const onlySummary =
    (name === undefined || name === field.name) &&
    (cmd.hint === undefined || cmd.hint === field.hint) &&
    (cmd.field_data === undefined || JSON.stringify(cmd.field_data) === field.fieldData);
  // Zulip lets a default external account (GitHub, …) change only its summary display.
  if (isDefaultExternalField(field.type, currentData) && !onlySummary) throw badRequest('Default custom field cannot be updated.');
  const fieldData = cmd.field_data ?? currentData;
  const displayInProfileSummary = cmd.display_in_profile_summary ?? field.displayInProfileSummary;
  checkFieldDefinition({ name: name ?? field.name, hint: cmd.hint ?? field.hint, type: field.type, fieldData, displayInProfileSummary });
  if (name !== undefined) checkLabelFree(fields, name, field.id);
  const next = {
    ...field,
    name: name ?? field.name,
    hint: cmd.hint ?? field.hint,
    fieldData: cmd.field_data === undefined ? field.fieldData : storedFieldData(field.type, cmd.field_data) || field.fieldData,
    required: cmd.required ?? field.required,
    editableByUser: cmd.editable_by_user ?? field.editableByUser,
    displayInProfileSummary,
  };
  if (JSON.stringify(next) === JSON.stringify(field)) return [];
  const events: UsersNewEvent[] = [
    {
      type: 'custom_profile_field.updated.v1',
      aggregateId: PROFILE_FIELDS_AGGREGATE,
      sequence: state.fields.version + 1,
      data: { field: next },
    },
  ];
  if (field.type === ProfileFieldType.SELECT && cmd.field_data !== undefined) {
    for (const user of state.users) {
      const chosen = user.profileData?.[String(field.id)]?.value;
      if (chosen !== undefined && !(chosen in cmd.field_data))
        events.push(...profileDataChanged(user, [{ fieldId: field.id, value: null }], user.version + 1));
    }
  }
  return events;
}
