import { Role } from '@zulip-es/contracts';
import { aRealm } from '../testing/users.fixtures';
import { isSystemBot, systemBotCreated } from './system-bots';

describe("Zulip's system bots", () => {
  it('are created as bot members without a password, their address shown to everyone', () => {
    for (const [bot, userId, email, fullName] of [
      ['notification', 2, 'notification-bot@zulip.com', 'Notification Bot'],
      ['welcome', 3, 'welcome-bot@zulip.com', 'Welcome Bot'],
    ] as const) {
      const { event, credentials } = systemBotCreated(bot, userId, aRealm(), 'x'.repeat(32), new Date('2026-01-01T00:00:00.000Z'));
      expect(event).toMatchObject({
        type: 'user.created.v2',
        aggregateId: `user:${userId}`,
        sequence: 1,
        data: { userId, deliveryEmail: email, fullName, role: Role.MEMBER, isBot: true, emailAddressVisibility: 1 },
      });
      expect(credentials).toMatchObject({ userId, passwordHash: null });
      expect(isSystemBot({ isBot: true, deliveryEmail: email })).toBe(true);
    }
    expect(isSystemBot({ isBot: false, deliveryEmail: 'welcome-bot@zulip.com' })).toBe(false);
  });
});
