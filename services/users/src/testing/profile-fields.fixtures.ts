import { ProfileFieldType, type CustomProfileFieldDefinition } from '@zulip-es/contracts';
import type { ProfileFieldsState } from '../profile-fields/profile-fields.state';

export const aField = (overrides: Partial<CustomProfileFieldDefinition> = {}): CustomProfileFieldDefinition => ({
  id: 1,
  type: ProfileFieldType.SHORT_TEXT,
  name: 'Phone',
  hint: '',
  fieldData: '',
  order: 1,
  required: false,
  editableByUser: true,
  displayInProfileSummary: false,
  ...overrides,
});

export const someFields = (fields: CustomProfileFieldDefinition[], version = fields.length): ProfileFieldsState => ({
  fields,
  lastFieldId: Math.max(0, ...fields.map((f) => f.id)),
  version,
});

export const EDITORS = JSON.stringify({ vim: { text: 'Vim', order: '1' }, emacs: { text: 'Emacs', order: '2' } });
