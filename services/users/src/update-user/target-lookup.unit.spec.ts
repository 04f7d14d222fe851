import { Role } from '@zulip-es/contracts';
import { aUser } from '../testing/users.fixtures';
import { dummyEmailUserId, visibleByRealEmail } from './target-lookup';

describe('finding the user of PATCH /users/{email}', () => {
  it('reads the id out of a dummy address of this organization only', () => {
    expect(dummyEmailUserId('user42@chat.example.com', 'chat.example.com')).toBe(42);
    expect(dummyEmailUserId('user42@chatxexample.com', 'chat.example.com')).toBeNull();
    expect(dummyEmailUserId('user42@other.org', 'chat.example.com')).toBeNull();
    expect(dummyEmailUserId('alice@chat.example.com', 'chat.example.com')).toBeNull();
  });

  it('finds a real address only when its owner lets the caller see it', () => {
    const admin = aUser({ userId: 1, role: Role.ADMINISTRATOR });
    expect(visibleByRealEmail(admin, aUser({ userId: 2, emailAddressVisibility: 3 }))).toMatchObject({ userId: 2 });
    expect(visibleByRealEmail(admin, aUser({ userId: 2, emailAddressVisibility: 4 }))).toBeNull();
    expect(visibleByRealEmail(admin, null)).toBeNull();
  });
});
