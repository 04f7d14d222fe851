import { ProfileFieldType, Role } from '@zulip-es/contracts';
import { aUser } from '../../testing/users.fixtures';
import { aField, someFields } from '../../testing/profile-fields.fixtures';
import { decideCreateProfileField, type CreateProfileField } from './create-profile-field.decide';

const admin = aUser({ userId: 2, role: Role.ADMINISTRATOR });
const create = (overrides: Partial<CreateProfileField>): CreateProfileField => ({
  field_type: ProfileFieldType.SHORT_TEXT,
  name: 'Phone',
  hint: '',
  field_data: {},
  display_in_profile_summary: false,
  required: false,
  editable_by_user: true,
  ...overrides,
});
const none = someFields([]);
const refusal = (msg: string) => expect.objectContaining({ code: 'BAD_REQUEST', msg });

describe('create a custom profile field', () => {
  it('gives the next id, orders it last and publishes its whole definition', () => {
    const given = someFields([aField({ id: 4, name: 'Other' })], 7);
    expect(
      decideCreateProfileField(create({ name: '  Phone  ', hint: 'Work phone', required: true }), { actor: admin, fields: given }),
    ).toEqual([
      {
        type: 'custom_profile_field.created.v1',
        aggregateId: 'custom_profile_fields',
        sequence: 8,
        data: {
          field: {
            id: 5,
            type: 1,
            name: 'Phone',
            hint: 'Work phone',
            fieldData: '',
            order: 5,
            required: true,
            editableByUser: true,
            displayInProfileSummary: false,
          },
        },
      },
    ]);
  });

  it('keeps the choices of a list of options as compact JSON', () => {
    const field_data = { vim: { text: 'Vim', order: '1' } };
    const [event] = decideCreateProfileField(create({ field_type: ProfileFieldType.SELECT, name: 'Editor', field_data }), {
      actor: admin,
      fields: none,
    });
    expect(event.data).toMatchObject({ field: { fieldData: '{"vim":{"text":"Vim","order":"1"}}' } });
  });

  it('takes label and hint of a default external account from Zulip', () => {
    const [event] = decideCreateProfileField(
      create({ field_type: ProfileFieldType.EXTERNAL_ACCOUNT, name: '', field_data: { subtype: 'github' } }),
      {
        actor: admin,
        fields: none,
      },
    );
    expect(event.data).toMatchObject({ field: { name: 'GitHub username', hint: '', fieldData: '{"subtype":"github"}' } });
  });

  it('is for administrators only', () => {
    expect(() => decideCreateProfileField(create({}), { actor: aUser({ role: Role.MODERATOR }), fields: none })).toThrow(
      expect.objectContaining({ code: 'UNAUTHORIZED_PRINCIPAL', msg: 'Must be an organization administrator' }),
    );
  });

  const twoInSummary = someFields([
    aField({ id: 1, name: 'A', displayInProfileSummary: true }),
    aField({ id: 2, name: 'B', displayInProfileSummary: true }),
  ]);
  it.each<[string, Partial<CreateProfileField>, ReturnType<typeof someFields>, string]>([
    [
      'a third summary field',
      { display_in_profile_summary: true },
      twoInSummary,
      'Only 2 custom profile fields can be displayed in the profile summary.',
    ],
    ['a list of options without choices', { field_type: ProfileFieldType.SELECT }, none, 'Field must have at least one choice.'],
    [
      'a blank choice key',
      { field_type: ProfileFieldType.SELECT, field_data: { ' ': { text: 'A', order: '1' } } },
      none,
      "'value' cannot be blank.",
    ],
    [
      'a choice without text',
      { field_type: ProfileFieldType.SELECT, field_data: { a: { order: '1' } } },
      none,
      'text key is missing from field_data',
    ],
    [
      'a blank choice text',
      { field_type: ProfileFieldType.SELECT, field_data: { a: { text: ' ', order: '1' } } },
      none,
      'field_data["text"] cannot be blank.',
    ],
    [
      'an extra choice key',
      { field_type: ProfileFieldType.SELECT, field_data: { a: { text: 'A', order: '1', x: 'y' } } },
      none,
      'Unexpected arguments: x',
    ],
    [
      'duplicate choices',
      { field_type: ProfileFieldType.SELECT, field_data: { a: { text: 'A', order: '1' }, b: { text: 'A', order: '2' } } },
      none,
      'Field must not have duplicate choices.',
    ],
    ['field data of the wrong shape', { field_data: { a: 5 } }, none, 'field_data contains a value that is not an allowed_type'],
    [
      'an external account without subtype',
      { field_type: ProfileFieldType.EXTERNAL_ACCOUNT },
      none,
      'subtype key is missing from field_data',
    ],
    [
      'an unknown external account',
      { field_type: ProfileFieldType.EXTERNAL_ACCOUNT, field_data: { subtype: 'myspace' } },
      none,
      'Invalid external account type',
    ],
    [
      'a custom account without pattern',
      { field_type: ProfileFieldType.EXTERNAL_ACCOUNT, field_data: { subtype: 'custom' } },
      none,
      'Custom external account must define URL pattern',
    ],
    [
      'a pattern without the username',
      { field_type: ProfileFieldType.EXTERNAL_ACCOUNT, field_data: { subtype: 'custom', url_pattern: 'https://x.com/' } },
      none,
      "URL pattern must contain '%(username)s'.",
    ],
    [
      'a pattern that is no URL',
      { field_type: ProfileFieldType.EXTERNAL_ACCOUNT, field_data: { subtype: 'custom', url_pattern: 'nope/%(username)s' } },
      none,
      'field_data["url_pattern"] is not a URL',
    ],
    ['a blank label', { name: '   ' }, none, 'Label cannot be blank.'],
    ['a long hint', { hint: 'h'.repeat(81) }, none, 'hint is too long (limit: 80 characters)'],
    ['a long label', { name: 'n'.repeat(41) }, none, 'name is too long (limit: 40 characters)'],
    ['an unknown type', { field_type: 9 }, none, 'Invalid field type.'],
    [
      'a long text in the summary',
      { field_type: ProfileFieldType.LONG_TEXT, display_in_profile_summary: true },
      none,
      'Field type not supported for display in profile summary.',
    ],
    [
      'a person picker in the summary',
      { field_type: ProfileFieldType.USER, display_in_profile_summary: true },
      none,
      'Field type not supported for display in profile summary.',
    ],
    ['a label in use', { name: 'Phone' }, someFields([aField({ name: 'Phone' })]), 'A field with that label already exists.'],
  ])('refuses %s', (_what, given, fields, msg) => {
    expect(() => decideCreateProfileField(create(given), { actor: admin, fields })).toThrow(refusal(msg));
  });

  it('checks the summary limit first, then field data, then the label', () => {
    const all = { field_type: ProfileFieldType.SELECT, name: '', display_in_profile_summary: true };
    expect(() => decideCreateProfileField(create(all), { actor: admin, fields: twoInSummary })).toThrow(
      refusal('Only 2 custom profile fields can be displayed in the profile summary.'),
    );
    expect(() => decideCreateProfileField(create(all), { actor: admin, fields: none })).toThrow(
      refusal('Field must have at least one choice.'),
    );
  });
});
