import { invitationEmail } from './invitation-email';

describe('invitation email', () => {
  it('names the referrer and the organization and carries the link and the key', () => {
    const mail = invitationEmail({
      from: 'noreply@chat.example.com',
      to: 'new@example.com',
      key: 'abcdefghijklmnopqrstuvwx',
      realmName: 'Acme',
      realmUrl: 'https://chat.example.com',
      referrerName: 'Ada',
      referrerEmail: 'ada@example.com',
      expiresAt: null,
    });
    expect(mail).toMatchObject({ from: 'noreply@chat.example.com', to: 'new@example.com', subject: 'Ada invited you to join Acme' });
    expect(mail.text).toContain('https://chat.example.com/join/abcdefghijklmnopqrstuvwx/');
    expect(mail.text).toContain('key=abcdefghijklmnopqrstuvwx');
    expect(mail.text).toContain('does not expire');
  });
});
