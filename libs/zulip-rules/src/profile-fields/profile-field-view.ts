import type { CustomProfileFieldDefinition, CustomProfileFieldReply } from '@zulip-es/contracts';

/** Display order, as Zulip sorts them (`order`, then id for equal orders). */
export const inDisplayOrder = (fields: readonly CustomProfileFieldDefinition[]): CustomProfileFieldDefinition[] =>
  [...fields].sort((a, b) => a.order - b.order || a.id - b.id);

/** Zulip's `CustomProfileField.as_dict()`: `display_in_profile_summary` only when true. */
export function profileFieldView(field: CustomProfileFieldDefinition): CustomProfileFieldReply {
  const view: CustomProfileFieldReply = {
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

/** Zulip's `custom_profile_fields` (register, `GET /realm/profile_fields` and their event): every field, in display order. */
export const profileFieldsView = (fields: readonly CustomProfileFieldDefinition[]): CustomProfileFieldReply[] =>
  inDisplayOrder(fields).map(profileFieldView);
