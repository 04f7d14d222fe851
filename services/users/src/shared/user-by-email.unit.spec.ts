import { Role } from '@zulip-es/contracts';
import { aUser } from '../testing/users.fixtures';
import { visibleByRealEmail } from './user-by-email';

describe('finding the user of PATCH /users/{email}', () => {
  it('finds a real address only when its owner lets the caller see it', () => {
    const admin = aUser({ userId: 1, role: Role.ADMINISTRATOR });
    expect(visibleByRealEmail(admin, aUser({ userId: 2, emailAddressVisibility: 3 }))).toMatchObject({ userId: 2 });
    expect(visibleByRealEmail(admin, aUser({ userId: 2, emailAddressVisibility: 4 }))).toBeNull();
    expect(visibleByRealEmail(admin, null)).toBeNull();
  });
});
