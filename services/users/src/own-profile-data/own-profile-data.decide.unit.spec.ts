import { Role } from '@zulip-es/contracts';
import { aField } from '../testing/profile-fields.fixtures';
import { aUser } from '../testing/users.fixtures';
import { NOT_EDITABLE } from '../profile-fields/profile-data-changes';
import { decideRemoveOwnProfileData, decideUpdateOwnProfileData } from './own-profile-data.decide';

const fields = [aField({ id: 1, name: 'Phone' }), aField({ id: 2, name: 'Badge', editableByUser: false })];
const member = aUser({ userId: 5, version: 3, profileData: { '1': { value: 'old', renderedValue: '<p>old</p>' } } });
const users = new Map();

describe("a user's own profile data", () => {
  it('sets own values', () => {
    expect(decideUpdateOwnProfileData({ data: [{ id: 1, value: 'new' }] }, { actor: member, fields, users })).toEqual([
      {
        type: 'user.profile_data_changed.v1',
        aggregateId: 'user:5',
        sequence: 4,
        data: { userId: 5, changes: [{ fieldId: 1, value: 'new', renderedValue: '<p>new</p>' }] },
      },
    ]);
  });

  it('refuses a field only administrators may change, unless the caller is one', () => {
    expect(() => decideUpdateOwnProfileData({ data: [{ id: 2, value: 'gold' }] }, { actor: member, fields, users })).toThrow(
      expect.objectContaining({ msg: NOT_EDITABLE }),
    );
    expect(
      decideUpdateOwnProfileData({ data: [{ id: 2, value: 'gold' }] }, { actor: aUser({ role: Role.ADMINISTRATOR }), fields, users }),
    ).toHaveLength(1);
  });

  it('clears own values, and only those that are set', () => {
    expect(decideRemoveOwnProfileData({ data: [1] }, { actor: member, fields })).toEqual([
      {
        type: 'user.profile_data_changed.v1',
        aggregateId: 'user:5',
        sequence: 4,
        data: { userId: 5, changes: [{ fieldId: 1, value: null }] },
      },
    ]);
    expect(decideRemoveOwnProfileData({ data: [1] }, { actor: aUser(), fields })).toEqual([]);
    expect(() => decideRemoveOwnProfileData({ data: [7] }, { actor: member, fields })).toThrow(
      expect.objectContaining({ msg: 'Field id 7 not found.' }),
    );
  });
});
