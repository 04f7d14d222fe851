import type { CustomProfileFieldDefinition, UsersEvent } from '@zulip-es/contracts';

/**
 * The organization's custom profile fields: one aggregate (`custom_profile_fields`), written by
 * realm-keyed commands only, because labels are unique and at most two fields may show in the
 * profile summary across all of them.
 */
export interface ProfileFieldsState {
  /** In creation order; `order` says the display order. */
  fields: CustomProfileFieldDefinition[];
  /** The highest field id ever given: ids are never reused, so old values cannot resurface. */
  lastFieldId: number;
  version: number;
}

export const PROFILE_FIELDS_AGGREGATE = 'custom_profile_fields';
export const NO_PROFILE_FIELDS: ProfileFieldsState = { fields: [], lastFieldId: 0, version: 0 };

export type ProfileFieldsEvent = Extract<UsersEvent, { type: `custom_profile_field.${string}` | `custom_profile_fields.${string}` }>;

/** Pure: the fields after `event`. */
export function evolveProfileFields(state: ProfileFieldsState | null, event: ProfileFieldsEvent, sequence: number): ProfileFieldsState {
  const current = state ?? NO_PROFILE_FIELDS;
  switch (event.type) {
    case 'custom_profile_field.created.v1': {
      const { field } = event.data;
      return { fields: [...current.fields, field], lastFieldId: Math.max(current.lastFieldId, field.id), version: sequence };
    }
    case 'custom_profile_field.updated.v1': {
      const { field } = event.data;
      return { ...current, fields: current.fields.map((f) => (f.id === field.id ? field : f)), version: sequence };
    }
    case 'custom_profile_field.deleted.v1':
      return { ...current, fields: current.fields.filter((f) => f.id !== event.data.fieldId), version: sequence };
    case 'custom_profile_fields.reordered.v1': {
      const position = new Map(event.data.order.map((id, index) => [id, index]));
      return { ...current, fields: current.fields.map((f) => ({ ...f, order: position.get(f.id) ?? f.order })), version: sequence };
    }
    default: {
      const unexpected: never = event;
      throw new Error(`custom profile fields cannot apply ${JSON.stringify(unexpected)}`);
    }
  }
}
