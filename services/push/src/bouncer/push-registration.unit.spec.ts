import { readRegistration } from './push-registration';

const NOW = new Date('2026-11-22T12:00:00Z');
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
const bytes = (value: unknown) => new TextEncoder().encode(typeof value === 'string' ? value : JSON.stringify(value));
const fcm = { token: 'fcm-token', token_kind: 'fcm', timestamp: seconds(NOW) };
const apns = { token: 'c0ffee', token_kind: 'apns', ios_app_id: 'org.zulip.Zulip', timestamp: seconds(NOW) };
const invalid = expect.objectContaining({ code: 'INVALID_ENCRYPTED_PUSH_REGISTRATION' });

describe('a registration the bouncer opened', () => {
  it('reads an FCM and an APNs registration', () => {
    expect(readRegistration(bytes(fcm), NOW)).toEqual(fcm);
    expect(readRegistration(bytes(apns), NOW)).toEqual(apns);
  });

  it('refuses one sealed more than a day ago as REQUEST_EXPIRED, and takes one a day old', () => {
    const dayAgo = seconds(NOW) - 24 * 60 * 60;
    expect(() => readRegistration(bytes({ ...fcm, timestamp: dayAgo - 1 }), NOW)).toThrow(
      expect.objectContaining({ code: 'REQUEST_EXPIRED' }),
    );
    expect(readRegistration(bytes({ ...fcm, timestamp: dayAgo }), NOW).timestamp).toBe(dayAgo);
  });

  it.each([
    ['not JSON', '{token'],
    ['an empty token', { ...fcm, token: '' }],
    ['a token over 4096 characters', { ...fcm, token: 'a'.repeat(4097) }],
    ['an APNs token that is not hex', { ...apns, token: 'c0ffeg' }],
    ['an APNs registration without ios_app_id', { ...apns, ios_app_id: undefined }],
    ['an FCM registration with ios_app_id', { ...fcm, ios_app_id: 'org.zulip.Zulip' }],
    ['an unknown token kind', { ...fcm, token_kind: 'wns' }],
    ['no timestamp', { ...fcm, timestamp: undefined }],
  ])('refuses %s as INVALID_ENCRYPTED_PUSH_REGISTRATION', (_name, value) => {
    expect(() => readRegistration(bytes(value), NOW)).toThrow(invalid);
  });
});
