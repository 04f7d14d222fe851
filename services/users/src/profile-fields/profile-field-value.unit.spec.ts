import { ProfileFieldType } from '@zulip-es/contracts';
import { aUser } from '../testing/users.fixtures';
import { aField, EDITORS } from '../testing/profile-fields.fixtures';
import { checkProfileValue } from './profile-field-value';

const users = new Map([
  [3, aUser({ userId: 3 })],
  [4, aUser({ userId: 4, isActive: false })],
]);
const of = (type: number, extra = {}) => aField({ name: 'Field', type: type as never, ...extra });

describe('custom profile field values', () => {
  it('renders short and long text as Markdown, escaping HTML', () => {
    expect(checkProfileValue(of(ProfileFieldType.SHORT_TEXT), '**hi** <b>', users)).toEqual({
      value: '**hi** <b>',
      renderedValue: '<p><strong>hi</strong> &lt;b&gt;</p>',
    });
    expect(checkProfileValue(of(ProfileFieldType.LONG_TEXT), 'a', users)).toEqual({ value: 'a', renderedValue: '<p>a</p>' });
  });

  it('keeps other types as text without rendering', () => {
    expect(checkProfileValue(of(ProfileFieldType.DATE), '1909-04-05', users)).toEqual({ value: '1909-04-05' });
    expect(checkProfileValue(of(ProfileFieldType.URL), 'https://zulip.com/x', users)).toEqual({ value: 'https://zulip.com/x' });
    expect(checkProfileValue(of(ProfileFieldType.SELECT, { fieldData: EDITORS }), 'vim', users)).toEqual({ value: 'vim' });
    expect(checkProfileValue(of(ProfileFieldType.PRONOUNS), 'she/her', users)).toEqual({ value: 'she/her' });
    expect(checkProfileValue(of(ProfileFieldType.USER), [3], users)).toEqual({ value: '[3]' });
  });

  it.each<[string, number, string | number[], string, object]>([
    ['a long short text', ProfileFieldType.SHORT_TEXT, 'x'.repeat(51), 'Field is too long (limit: 50 characters)', {}],
    ['a long long text', ProfileFieldType.LONG_TEXT, 'x'.repeat(501), 'Field is too long (limit: 500 characters)', {}],
    ['a list for text', ProfileFieldType.SHORT_TEXT, [1], 'Field is not a string', {}],
    ['a date of the wrong form', ProfileFieldType.DATE, '5/4/1909', 'Field is not a date', {}],
    ['an impossible date', ProfileFieldType.DATE, '1909-02-30', 'Field is not a date', {}],
    ['no URL', ProfileFieldType.URL, 'not a url', 'Field is not a URL', {}],
    ['a URL of another scheme', ProfileFieldType.URL, 'javascript:alert(1)', 'Field is not a URL', {}],
    ['an unknown choice', ProfileFieldType.SELECT, 'nano', "'nano' is not a valid choice for 'Field'.", { fieldData: EDITORS }],
    ['text for a person picker', ProfileFieldType.USER, 'x', 'User IDs is not a list', {}],
    ['unknown users', ProfileFieldType.USER, [3, 98, 99], 'Invalid user IDs: 98, 99', {}],
    ['a deactivated user', ProfileFieldType.USER, [4], 'User with ID 4 is deactivated', {}],
  ])('refuses %s', (_what, type, value, msg, extra) => {
    expect(() => checkProfileValue(of(type, extra), value, users)).toThrow(expect.objectContaining({ code: 'BAD_REQUEST', msg }));
  });
});
