import { Role } from '@zulip-es/contracts';
import { aUser } from '../../testing/users.fixtures';
import { aField, someFields } from '../../testing/profile-fields.fixtures';
import { decideDeleteProfileField } from './delete-profile-field.decide';

const admin = aUser({ userId: 2, role: Role.ADMINISTRATOR });
const fields = someFields([aField({ id: 1 }), aField({ id: 2, name: 'Other' })], 4);

describe('delete a custom profile field', () => {
  it('removes the field and the value of every user who had one', () => {
    const holder = aUser({ userId: 7, version: 5, profileData: { '1': { value: 'x', renderedValue: '<p>x</p>' }, '2': { value: 'y' } } });
    const other = aUser({ userId: 8, profileData: { '2': { value: 'y' } } });
    expect(decideDeleteProfileField({ field_id: 1 }, { actor: admin, fields, users: [holder, other] })).toEqual([
      { type: 'custom_profile_field.deleted.v1', aggregateId: 'custom_profile_fields', sequence: 5, data: { fieldId: 1 } },
      {
        type: 'user.profile_data_changed.v1',
        aggregateId: 'user:7',
        sequence: 6,
        data: { userId: 7, changes: [{ fieldId: 1, value: null }] },
      },
    ]);
  });

  it('refuses an unknown field', () => {
    expect(() => decideDeleteProfileField({ field_id: 9 }, { actor: admin, fields, users: [] })).toThrow(
      expect.objectContaining({ msg: 'Field id 9 not found.' }),
    );
  });

  it('is for administrators only', () => {
    expect(() => decideDeleteProfileField({ field_id: 1 }, { actor: aUser({ role: Role.GUEST }), fields, users: [] })).toThrow(
      expect.objectContaining({ msg: 'Must be an organization administrator' }),
    );
  });
});
