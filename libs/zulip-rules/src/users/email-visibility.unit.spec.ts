import { Role } from '@zulip-es/contracts';
import { apiEmail, canSeeDeliveryEmail } from './email-visibility';

const target = (emailAddressVisibility: 1 | 2 | 3 | 4 | 5) => ({ userId: 2, deliveryEmail: 'person@example.com', emailAddressVisibility });

describe('email address visibility', () => {
  it.each([
    [1, Role.GUEST, true],
    [2, Role.GUEST, false],
    [2, Role.MEMBER, true],
    [3, Role.MODERATOR, false],
    [3, Role.ADMINISTRATOR, true],
    [5, Role.MODERATOR, true],
    [4, Role.OWNER, false],
  ] as const)('visibility %i lets role %i see the real email: %s', (visibility, role, visible) => {
    expect(canSeeDeliveryEmail({ userId: 1, role }, target(visibility))).toBe(visible);
  });

  it('always lets users see their own address', () => {
    expect(canSeeDeliveryEmail({ userId: 2, role: Role.GUEST }, target(4))).toBe(true);
  });

  it('shows the real address as `email` only when everyone may see it, else the dummy one on the host without its port', () => {
    expect(apiEmail(target(1), { host: 'chat.example.com' })).toBe('person@example.com');
    expect(apiEmail(target(3), { host: 'chat.example.com:9991' })).toBe('user2@chat.example.com');
  });
});
