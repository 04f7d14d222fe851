import { Role } from '@zulip-es/contracts';
import { aUser } from '../testing/users.fixtures';
import { evolveUser } from './user.state';

describe('evolveUser', () => {
  const created = {
    type: 'user.created.v1' as const,
    data: {
      userId: 4,
      realmId: 1,
      deliveryEmail: 'a@example.com',
      fullName: 'A',
      role: Role.MEMBER,
      isBot: false,
      timezone: '',
      emailAddressVisibility: 1 as const,
      dateJoined: '2026-01-01T00:00:00.000Z',
      passwordHash: null,
      apiKeyHash: 'b'.repeat(64),
      apiKeyNonce: 'n'.repeat(16),
    },
  };

  it('starts an active user at the event sequence', () => {
    expect(evolveUser(null, created, 1)).toMatchObject({ userId: 4, isActive: true, version: 1, avatarVersion: 1 });
  });

  it('follows deactivation, reactivation and role changes', () => {
    let user = evolveUser(null, created, 1);
    user = evolveUser(user, { type: 'user.deactivated.v1', data: { userId: 4 } }, 2);
    expect(user).toMatchObject({ isActive: false, version: 2 });
    user = evolveUser(user, { type: 'user.reactivated.v1', data: { userId: 4 } }, 3);
    user = evolveUser(user, { type: 'user.role_changed.v1', data: { userId: 4, role: Role.ADMINISTRATOR } }, 4);
    expect(user).toMatchObject({ isActive: true, role: Role.ADMINISTRATOR, version: 4 });
  });

  it('refuses a change to a user it never saw created', () => {
    expect(() => evolveUser(null, { type: 'user.deactivated.v1', data: { userId: 4 } }, 2)).toThrow();
  });

  it('leaves the input state untouched', () => {
    const before = aUser();
    evolveUser(before, { type: 'user.deactivated.v1', data: { userId: before.userId } }, 2);
    expect(before.isActive).toBe(true);
  });
});
