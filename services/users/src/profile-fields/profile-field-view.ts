import type { CustomProfileFieldDefinition } from '@zulip-es/contracts';
import { inDisplayOrder } from './profile-fields.state';

/** Zulip's `CustomProfileField.as_dict()`: `display_in_profile_summary` only when true. */
export function profileFieldView(field: CustomProfileFieldDefinition): Record<string, unknown> {
  const view: Record<string, unknown> = {
    id: field.id,
    name: field.name,
    type: field.type,
    hint: field.hint,
    field_data: field.fieldData,
    order: field.order,
    required: field.required,
    editable_by_user: field.editableByUser,
  };
  if (field.displayInProfileSummary) view.display_in_profile_summary = true;
  return view;
}

export const profileFieldsView = (fields: readonly CustomProfileFieldDefinition[]): Record<string, unknown>[] =>
  inDisplayOrder(fields).map(profileFieldView);
