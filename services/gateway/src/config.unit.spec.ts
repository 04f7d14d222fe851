import { DEVELOPMENT_SECRETS, loadConfig } from '@zulip-es/platform';
import { GatewayConfigSchema } from './config';

describe('the gateway configuration', () => {
  it('refuses to start in production without an upload URL secret of its own: the public one would let anyone sign upload URLs', () => {
    expect(() => loadConfig(GatewayConfigSchema, { NODE_ENV: 'production' })).toThrow(
      /UPLOAD_URL_SECRET=\(unset\): set a secret of its own in production/,
    );
    expect(() =>
      loadConfig(GatewayConfigSchema, { NODE_ENV: 'production', UPLOAD_URL_SECRET: DEVELOPMENT_SECRETS.UPLOAD_URL_SECRET }),
    ).toThrow(/the development value is public/);
  });

  it('takes a real one in production, and the development one when unset in development', () => {
    const secret = 'c'.repeat(48);
    expect(loadConfig(GatewayConfigSchema, { NODE_ENV: 'production', UPLOAD_URL_SECRET: secret }).UPLOAD_URL_SECRET).toBe(secret);
    expect(loadConfig(GatewayConfigSchema, {}).UPLOAD_URL_SECRET).toBe(DEVELOPMENT_SECRETS.UPLOAD_URL_SECRET);
  });
});
