import type { CustomProfileFieldDefinition } from '@zulip-es/contracts';
import { profileFieldsView } from './profile-field-view';

const field = (overrides: Partial<CustomProfileFieldDefinition>): CustomProfileFieldDefinition => ({
  id: 1,
  name: 'Phone',
  type: 1,
  hint: '',
  fieldData: '',
  order: 0,
  required: false,
  editableByUser: true,
  displayInProfileSummary: false,
  ...overrides,
});

describe("the organization's custom profile fields", () => {
  it('lists them in display order, as as_dict shows each', () => {
    const fields = [field({ id: 1, order: 2 }), field({ id: 3, order: 0, displayInProfileSummary: true }), field({ id: 2, order: 0 })];
    expect(profileFieldsView(fields).map((f) => f.id)).toEqual([2, 3, 1]);
    expect(profileFieldsView([fields[1]!])).toEqual([
      {
        id: 3,
        name: 'Phone',
        type: 1,
        hint: '',
        field_data: '',
        order: 0,
        required: false,
        editable_by_user: true,
        display_in_profile_summary: true,
      },
    ]);
    expect(profileFieldsView([fields[0]!])[0]).not.toHaveProperty('display_in_profile_summary');
  });
});
