import { Role } from '@zulip-es/contracts';
import { aRealm } from '../testing/users.fixtures';
import { NOTIFICATION_BOT_EMAIL, notificationBotCreated } from './notification-bot';

describe('the Notification Bot', () => {
  it('is created as a bot member without a password, its address shown to everyone', () => {
    const event = notificationBotCreated(2, aRealm(), { apiKeyNonce: 'nonce-0123456789abcdef', apiKeySecret: 'x'.repeat(32) }, new Date('2026-01-01T00:00:00.000Z'));
    expect(event).toMatchObject({
      type: 'user.created.v1',
      aggregateId: 'user:2',
      sequence: 1,
      data: { userId: 2, deliveryEmail: NOTIFICATION_BOT_EMAIL, fullName: 'Notification Bot', role: Role.MEMBER, isBot: true, passwordHash: null, emailAddressVisibility: 1 },
    });
  });
});
