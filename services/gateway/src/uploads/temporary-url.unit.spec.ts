import { TEMPORARY_URL_SECONDS, TemporaryUrls } from './temporary-url';

const PATH = '1/4e/m2A3MSqFnWRLUf9SaPzQ0Up_/zulip.txt';
const now = new Date('2026-11-22T12:00:00Z');
const later = (seconds: number) => new Date(now.getTime() + seconds * 1000);
const tokenOf = (url: string) => url.split('/')[3]!;

describe('temporary upload URLs', () => {
  const urls = new TemporaryUrls('a-secret-of-at-least-thirty-two-characters');

  it('end with the file name and grant its path id until they expire', () => {
    const url = urls.urlFor(PATH, now);
    expect(url).toMatch(/^\/user_uploads\/temporary\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\/zulip\.txt$/);
    expect(urls.pathIdOf(tokenOf(url), later(TEMPORARY_URL_SECONDS))).toBe(PATH);
    expect(urls.pathIdOf(tokenOf(url), later(TEMPORARY_URL_SECONDS + 1))).toBeNull();
  });

  it('are accepted by another instance with the same secret, not with another', () => {
    const token = tokenOf(urls.urlFor(PATH, now));
    expect(new TemporaryUrls('a-secret-of-at-least-thirty-two-characters').pathIdOf(token, now)).toBe(PATH);
    expect(new TemporaryUrls('another-secret-of-thirty-two-characters!').pathIdOf(token, now)).toBeNull();
  });

  it('refuse a token whose path id or expiry was changed', () => {
    const [, signature] = tokenOf(urls.urlFor(PATH, now)).split('.');
    const forged = Buffer.from(JSON.stringify({ p: '1/00/other', e: 9_999_999_999 })).toString('base64url');
    expect(urls.pathIdOf(`${forged}.${signature}`, now)).toBeNull();
    expect(urls.pathIdOf('garbage', now)).toBeNull();
    expect(urls.pathIdOf('a.b.c', now)).toBeNull();
  });
});
