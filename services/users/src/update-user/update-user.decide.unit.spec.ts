import { Role } from '@zulip-es/contracts';
import { aField } from '../testing/profile-fields.fixtures';
import { aUser } from '../testing/users.fixtures';
import { decideUpdateUser } from './update-user.decide';

const owner = aUser({ userId: 1, role: Role.OWNER });
const admin = aUser({ userId: 2, role: Role.ADMINISTRATOR });
const member = aUser({ userId: 5, version: 2, fullName: 'Old' });

describe('update user', () => {
  it('changes name and role with one event each, in sequence', () => {
    expect(decideUpdateUser({ full_name: 'New', role: Role.MODERATOR }, { actor: admin, target: member, activeOwners: 1 })).toEqual([
      { type: 'user.full_name_changed.v1', aggregateId: 'user:5', sequence: 3, data: { userId: 5, fullName: 'New' } },
      { type: 'user.role_changed.v1', aggregateId: 'user:5', sequence: 4, data: { userId: 5, role: Role.MODERATOR } },
    ]);
  });

  it('produces nothing when nothing changes', () => {
    expect(decideUpdateUser({ full_name: 'Old', role: Role.MEMBER }, { actor: admin, target: member, activeOwners: 1 })).toEqual([]);
  });

  it('lets only owners grant the owner role', () => {
    expect(() => decideUpdateUser({ role: Role.OWNER }, { actor: admin, target: member, activeOwners: 1 })).toThrow(
      expect.objectContaining({ msg: 'Must be an organization owner' }),
    );
    expect(decideUpdateUser({ role: Role.OWNER }, { actor: owner, target: member, activeOwners: 1 })).toHaveLength(1);
  });

  it('keeps the owner role on the only owner', () => {
    expect(() => decideUpdateUser({ role: Role.MEMBER }, { actor: owner, target: owner, activeOwners: 1 })).toThrow(
      expect.objectContaining({ msg: 'The owner permission cannot be removed from the only organization owner.' }),
    );
  });
});

describe('update user: guests, profile data and email (E5)', () => {
  const guest = aUser({ userId: 6, role: Role.GUEST });
  const phone = aField({ id: 1, name: 'Phone' });
  const locked = aField({ id: 2, name: 'Badge', editableByUser: false });
  const withFields = { actor: admin, activeOwners: 1, profileFields: [phone, locked], users: new Map() };

  it('refuses to make a guest an administrator or owner', () => {
    expect(() => decideUpdateUser({ role: Role.ADMINISTRATOR }, { actor: owner, target: guest, activeOwners: 1 })).toThrow(
      expect.objectContaining({ code: 'BAD_REQUEST', msg: 'Guests cannot be organization administrators' }),
    );
    expect(() => decideUpdateUser({ role: Role.OWNER }, { actor: owner, target: guest, activeOwners: 1 })).toThrow(
      expect.objectContaining({ msg: 'Guests cannot be organization administrators' }),
    );
    expect(decideUpdateUser({ role: Role.MEMBER }, { actor: owner, target: guest, activeOwners: 1 })).toHaveLength(1);
  });

  it('ignores a blank name, as Zulip does', () => {
    expect(decideUpdateUser({ full_name: '   ' }, { actor: admin, target: member, activeOwners: 1 })).toEqual([]);
  });

  it('sets, renders and clears profile values in one event', () => {
    const target = aUser({ userId: 5, version: 2, profileData: { '2': { value: 'gold' } } });
    expect(
      decideUpdateUser(
        {
          profile_data: [
            { id: 1, value: '*555*' },
            { id: 2, value: null },
          ],
        },
        { ...withFields, target },
      ),
    ).toEqual([
      {
        type: 'user.profile_data_changed.v1',
        aggregateId: 'user:5',
        sequence: 3,
        data: {
          userId: 5,
          changes: [
            { fieldId: 1, value: '*555*', renderedValue: '<p><em>555</em></p>' },
            { fieldId: 2, value: null },
          ],
        },
      },
    ]);
  });

  it('publishes nothing for values that stay', () => {
    const target = aUser({ userId: 5, profileData: { '1': { value: 'x', renderedValue: '<p>x</p>' } } });
    expect(
      decideUpdateUser(
        {
          profile_data: [
            { id: 1, value: 'x' },
            { id: 2, value: '' },
          ],
        },
        { ...withFields, target },
      ),
    ).toEqual([]);
  });

  it('refuses an unknown field and changes nothing else', () => {
    expect(() => decideUpdateUser({ full_name: 'New', profile_data: [{ id: 9, value: 'x' }] }, { ...withFields, target: member })).toThrow(
      expect.objectContaining({ code: 'BAD_REQUEST', msg: 'Field id 9 not found.' }),
    );
  });

  it('changes the email only for an owner holding the special permission', () => {
    const state = { actor: owner, target: member, activeOwners: 1, canChangeUserEmails: true, emailHolder: null };
    expect(decideUpdateUser({ new_email: ' new@example.com ' }, state)).toEqual([
      {
        type: 'user.email_changed.v1',
        aggregateId: 'user:5',
        sequence: 3,
        data: { userId: 5, deliveryEmail: 'new@example.com', previousEmail: member.deliveryEmail },
      },
    ]);
    for (const denied of [
      { ...state, canChangeUserEmails: false },
      { ...state, actor: aUser({ userId: 3, role: Role.ADMINISTRATOR }) },
    ]) {
      expect(() => decideUpdateUser({ new_email: 'new@example.com' }, denied)).toThrow(
        expect.objectContaining({ msg: 'User not authorized to change user emails' }),
      );
    }
  });

  it.each<[string, string, ReturnType<typeof aUser> | null, string]>([
    ['an invalid address', 'not-an-email', null, 'Invalid address.'],
    ['an address in use', 'taken@example.com', aUser({ userId: 9 }), 'Already has an account.'],
    ['the address of a deactivated account', 'gone@example.com', aUser({ userId: 9, isActive: false }), 'Account has been deactivated.'],
  ])('refuses %s as new email', (_what, new_email, emailHolder, msg) => {
    expect(() =>
      decideUpdateUser({ new_email }, { actor: owner, target: member, activeOwners: 1, canChangeUserEmails: true, emailHolder }),
    ).toThrow(expect.objectContaining({ code: 'BAD_REQUEST', msg }));
  });
});
