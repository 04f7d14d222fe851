import { ProfileFieldType, Role } from '@zulip-es/contracts';
import { aUser } from '../../testing/users.fixtures';
import { aField, EDITORS, someFields } from '../../testing/profile-fields.fixtures';
import { decideUpdateProfileField } from './update-profile-field.decide';

const admin = aUser({ userId: 2, role: Role.ADMINISTRATOR });
const phone = aField({ id: 1, name: 'Phone' });
const editor = aField({ id: 2, name: 'Editor', type: ProfileFieldType.SELECT, fieldData: EDITORS, order: 2 });
const github = aField({
  id: 3,
  name: 'GitHub username',
  type: ProfileFieldType.EXTERNAL_ACCOUNT,
  fieldData: '{"subtype":"github"}',
  order: 3,
});
const fields = someFields([phone, editor, github], 5);
const refusal = (msg: string) => expect.objectContaining({ code: 'BAD_REQUEST', msg });

describe('update a custom profile field', () => {
  it('changes only what is sent, publishing the new definition', () => {
    expect(decideUpdateProfileField({ field_id: 1, name: ' Mobile ', required: true }, { actor: admin, fields, users: [] })).toEqual([
      {
        type: 'custom_profile_field.updated.v1',
        aggregateId: 'custom_profile_fields',
        sequence: 6,
        data: { field: { ...phone, name: 'Mobile', required: true } },
      },
    ]);
  });

  it('publishes nothing when nothing changes', () => {
    expect(decideUpdateProfileField({ field_id: 1, name: 'Phone', hint: '' }, { actor: admin, fields, users: [] })).toEqual([]);
  });

  it('clears the values that chose a removed option', () => {
    const chose = aUser({ userId: 7, version: 3, profileData: { '2': { value: 'emacs' } } });
    const kept = aUser({ userId: 8, profileData: { '2': { value: 'vim' } } });
    const events = decideUpdateProfileField(
      { field_id: 2, field_data: { vim: { text: 'Vim', order: '1' } } },
      { actor: admin, fields, users: [chose, kept] },
    );
    expect(events.map((e) => [e.type, e.aggregateId, e.sequence])).toEqual([
      ['custom_profile_field.updated.v1', 'custom_profile_fields', 6],
      ['user.profile_data_changed.v1', 'user:7', 4],
    ]);
    expect(events[1].data).toEqual({ userId: 7, changes: [{ fieldId: 2, value: null }] });
  });

  it('lets a default external account change its summary display only', () => {
    expect(decideUpdateProfileField({ field_id: 3, display_in_profile_summary: true }, { actor: admin, fields, users: [] })).toHaveLength(
      1,
    );
    expect(() => decideUpdateProfileField({ field_id: 3, name: 'Mine' }, { actor: admin, fields, users: [] })).toThrow(
      refusal('Default custom field cannot be updated.'),
    );
  });

  it.each<[string, Parameters<typeof decideUpdateProfileField>[0], string]>([
    ['an unknown field', { field_id: 99 }, 'Field id 99 not found.'],
    ['a label in use', { field_id: 1, name: 'Editor' }, 'A field with that label already exists.'],
    ['a blank label', { field_id: 1, name: ' ' }, 'Label cannot be blank.'],
    ['a long hint', { field_id: 1, hint: 'x'.repeat(81) }, 'hint is too long (limit: 80 characters)'],
    ['no choices left', { field_id: 2, field_data: {} }, 'Field must have at least one choice.'],
  ])('refuses %s', (_what, cmd, msg) => {
    expect(() => decideUpdateProfileField(cmd, { actor: admin, fields, users: [] })).toThrow(refusal(msg));
  });

  it('counts the summary limit without the field itself', () => {
    const full = someFields([
      aField({ id: 1, name: 'A', displayInProfileSummary: true }),
      aField({ id: 2, name: 'B', displayInProfileSummary: true }),
      aField({ id: 3, name: 'C' }),
    ]);
    expect(
      decideUpdateProfileField({ field_id: 1, display_in_profile_summary: true, hint: 'x' }, { actor: admin, fields: full, users: [] }),
    ).toHaveLength(1);
    expect(() =>
      decideUpdateProfileField({ field_id: 3, display_in_profile_summary: true }, { actor: admin, fields: full, users: [] }),
    ).toThrow(refusal('Only 2 custom profile fields can be displayed in the profile summary.'));
  });

  it('is for administrators only', () => {
    expect(() => decideUpdateProfileField({ field_id: 1 }, { actor: aUser({ role: Role.MEMBER }), fields, users: [] })).toThrow(
      expect.objectContaining({ code: 'UNAUTHORIZED_PRINCIPAL' }),
    );
  });
});
