import type { createCustomProfileField, OperationData, ProfileFieldType } from '@zulip-es/contracts';
import type { UserState } from '../../domain/user.state';
import { requireAdmin } from '../../shared/user-rules';
import {
  checkFieldDataShape,
  checkFieldDefinition,
  checkLabelFree,
  checkSummaryLimit,
  DEFAULT_EXTERNAL_ACCOUNTS,
  isDefaultExternalField,
  storedFieldData,
} from '../profile-field-definition';
import { PROFILE_FIELDS_AGGREGATE, type ProfileFieldsState } from '../profile-fields.state';
import type { UsersNewEvent } from '../../shared/users-new-event';

export type CreateProfileField = OperationData<typeof createCustomProfileField>;

/** E7, in Zulip's check order; a default external account takes its label and hint from Zulip's table. */
export function decideCreateProfileField(
  cmd: CreateProfileField,
  state: { actor: UserState; fields: ProfileFieldsState },
): UsersNewEvent[] {
  requireAdmin(state.actor);
  const { fields } = state.fields;
  checkFieldDataShape(cmd.field_data);
  if (cmd.display_in_profile_summary) checkSummaryLimit(fields);
  const name = cmd.name.trim();
  checkFieldDefinition({
    name,
    hint: cmd.hint,
    type: cmd.field_type,
    fieldData: cmd.field_data,
    displayInProfileSummary: cmd.display_in_profile_summary,
  });
  const preset = isDefaultExternalField(cmd.field_type, cmd.field_data)
    ? DEFAULT_EXTERNAL_ACCOUNTS[cmd.field_data.subtype as string]
    : undefined;
  const label = preset ? preset.name : name;
  checkLabelFree(fields, label);
  const id = state.fields.lastFieldId + 1;
  const field = {
    id,
    // checkFieldDefinition refused any other type.
    type: cmd.field_type as ProfileFieldType,
    name: label,
    hint: preset ? preset.hint : cmd.hint,
    fieldData: storedFieldData(cmd.field_type, preset ? { subtype: cmd.field_data.subtype } : cmd.field_data),
    // Zulip starts a new field's order at its id, so it comes last until the fields are reordered.
    order: id,
    required: cmd.required,
    editableByUser: cmd.editable_by_user,
    displayInProfileSummary: cmd.display_in_profile_summary,
  };
  return [
    { type: 'custom_profile_field.created.v1', aggregateId: PROFILE_FIELDS_AGGREGATE, sequence: state.fields.version + 1, data: { field } },
  ];
}
