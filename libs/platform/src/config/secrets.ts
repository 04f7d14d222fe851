import { z } from 'zod';

/**
 * The well-known stand-ins of the secrets in development (public: they are in this repository).
 * `npm start`, `npm test` and `npm run bench` give the services random ones instead.
 */
export const DEVELOPMENT_SECRETS = {
  API_KEY_SECRET: 'local-development-api-key-secret-0123456789',
  UPLOAD_URL_SECRET: 'local-development-upload-url-secret-0123456789',
} as const;
export type SecretName = keyof typeof DEVELOPMENT_SECRETS;

/**
 * A signing or derivation key a service needs. Unset in development, a well-known value stands in
 * so that a checkout runs without setup (`npm start` passes random ones all the same); that value
 * is public, so with `NODE_ENV=production` it is refused, and so is an unset secret.
 */
export const secretVar = (name: SecretName) => z.string().min(32, 'must be at least 32 characters').default(DEVELOPMENT_SECRETS[name]);

/**
 * The refinement of a service's configuration that enforces the above: add it with
 * `.superRefine(realSecretsInProduction('API_KEY_SECRET'))`.
 */
export function realSecretsInProduction(...names: SecretName[]) {
  return (config: Record<string, unknown>, ctx: z.RefinementCtx): void => {
    if (config.NODE_ENV !== 'production') return;
    for (const name of names) {
      if (config[name] !== DEVELOPMENT_SECRETS[name]) continue;
      ctx.addIssue({
        code: 'custom',
        path: [name],
        message:
          'set a secret of its own in production (32+ random characters, e.g. `openssl rand -hex 32`); the development value is public',
      });
    }
  };
}
