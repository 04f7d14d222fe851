import { aField } from '../testing/profile-fields.fixtures';
import { inDisplayOrder } from '@zulip-es/zulip-rules';
import { evolveProfileFields } from './profile-fields.state';

describe('evolveProfileFields', () => {
  it('follows creation, update, reorder and deletion', () => {
    let state = evolveProfileFields(
      null,
      { type: 'custom_profile_field.created.v1', data: { field: aField({ id: 1, name: 'A', order: 1 }) } },
      1,
    );
    state = evolveProfileFields(
      state,
      { type: 'custom_profile_field.created.v1', data: { field: aField({ id: 2, name: 'B', order: 2 }) } },
      2,
    );
    state = evolveProfileFields(
      state,
      { type: 'custom_profile_field.updated.v1', data: { field: aField({ id: 1, name: 'A2', order: 1 }) } },
      3,
    );
    state = evolveProfileFields(state, { type: 'custom_profile_fields.reordered.v1', data: { order: [2, 1] } }, 4);
    expect(inDisplayOrder(state.fields).map((f) => f.name)).toEqual(['B', 'A2']);
    state = evolveProfileFields(state, { type: 'custom_profile_field.deleted.v1', data: { fieldId: 2 } }, 5);
    expect(state).toMatchObject({ lastFieldId: 2, version: 5, fields: [expect.objectContaining({ id: 1, name: 'A2' })] });
  });
});
