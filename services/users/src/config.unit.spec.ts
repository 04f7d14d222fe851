import { DEVELOPMENT_SECRETS, loadConfig } from '@zulip-es/platform';
import { UsersConfigSchema } from './config';

describe('the users service configuration', () => {
  it('refuses to start in production without an API key secret of its own', () => {
    expect(() => loadConfig(UsersConfigSchema, { NODE_ENV: 'production' })).toThrow(
      /API_KEY_SECRET=\(unset\): set a secret of its own in production/,
    );
    expect(() => loadConfig(UsersConfigSchema, { NODE_ENV: 'production', API_KEY_SECRET: DEVELOPMENT_SECRETS.API_KEY_SECRET })).toThrow(
      /the development value is public/,
    );
    expect(() => loadConfig(UsersConfigSchema, { NODE_ENV: 'production', API_KEY_SECRET: 'short' })).toThrow(/at least 32 characters/);
  });

  it('takes a real one in production, and the development one when unset in development', () => {
    const secret = 'b'.repeat(64);
    expect(loadConfig(UsersConfigSchema, { NODE_ENV: 'production', API_KEY_SECRET: secret }).API_KEY_SECRET).toBe(secret);
    expect(loadConfig(UsersConfigSchema, {}).API_KEY_SECRET).toBe(DEVELOPMENT_SECRETS.API_KEY_SECRET);
  });
});

describe('a configuration report', () => {
  it('names a bad secret without showing its value', () => {
    expect(() => loadConfig(UsersConfigSchema, { API_KEY_SECRET: 'short-but-secret' })).toThrow(
      'API_KEY_SECRET=(hidden): must be at least 32 characters',
    );
  });
});
