import { registrationEmail } from './registration-email';

describe('registration email, for an address named through a reusable link', () => {
  it('asks to activate the account and carries the link and the key, and when it expires', () => {
    const mail = registrationEmail({
      from: 'noreply@chat.example.com',
      to: 'new@example.com',
      key: 'abcdefghijklmnopqrstuvwx',
      realmName: 'Acme',
      realmUrl: 'https://chat.example.com/',
      expiresAt: '2026-01-02T00:00:00.000Z',
    });
    expect(mail).toMatchObject({ from: 'noreply@chat.example.com', to: 'new@example.com', subject: 'Activate your Zulip account' });
    expect(mail.text).toContain('https://chat.example.com/join/abcdefghijklmnopqrstuvwx/');
    expect(mail.text).toContain('POST https://chat.example.com/api/v1/invites/accept with key=abcdefghijklmnopqrstuvwx');
    expect(mail.text).toContain('expires at 2026-01-02T00:00:00.000Z');
  });
});
