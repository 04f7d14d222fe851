import { portVar, ServiceConfigSchema } from '@zulip-es/platform';
import { z } from 'zod';

/** A JSON value in an environment variable, parsed by `schema`. */
const jsonVar = <T extends z.ZodType>(schema: T) =>
  z
    .string()
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'not JSON' });
        return z.NEVER;
      }
    })
    .pipe(schema);

/** Unset when empty, so a compose file can pass `${VAR:-}` through. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/** A NaCl key pair of the bouncer, each key base64 (RFC 4648). */
const BouncerKeyPair = z.object({ public_key: z.string().min(1), private_key: z.string().min(1) });

export const PushConfigSchema = ServiceConfigSchema.extend({
  /** Health endpoint. */
  PUSH_PORT: portVar(9995),
  /**
   * The push bouncer registrations go to (`http://host:port`), this deployment's own or a remote
   * one. Unset: E11 answers `PUSH_SERVICE_NOT_CONFIGURED`.
   */
  PUSH_BOUNCER_URL: optional(z.url()),
  /** This server's credentials at the bouncer (HTTP Basic, as Zulip servers authenticate to theirs). */
  PUSH_BOUNCER_SERVER_UUID: z.string().default('zulip-es-local'),
  PUSH_BOUNCER_API_KEY: z.string().default(''),
  /**
   * The bouncer's key pairs, as JSON `[{"public_key","private_key"}]`: set, this service also runs
   * the push bouncer, on `PUSH_BOUNCER_PORT`. Clients seal registrations to one of the public
   * keys; keeping an old pair after a rotation keeps older client releases working. Set it on
   * one push instance only: the bouncer orders its writes in its process, as its store (FerretDB)
   * has no atomic conditional updates.
   */
  PUSH_BOUNCER_KEYS: optional(jsonVar(z.array(BouncerKeyPair).min(1))),
  /** The servers the bouncer serves, as JSON `{"<server uuid>": "<api key>"}`. */
  PUSH_BOUNCER_REMOTE_SERVERS: z.preprocess(
    (value) => (value === '' ? undefined : value),
    jsonVar(z.record(z.string(), z.string().min(16))).default({}),
  ),
  PUSH_BOUNCER_PORT: portVar(9996),
  /**
   * The bouncer's providers. FCM (HTTP v1): a Google service-account key file. APNs (HTTP/2,
   * token authentication): the `.p8` key file, its key id and the team id. The URLs change only
   * for APNs' sandbox or a test.
   */
  PUSH_FCM_CREDENTIALS_FILE: optional(z.string().min(1)),
  PUSH_FCM_URL: z.url().default('https://fcm.googleapis.com'),
  PUSH_APNS_KEY_FILE: optional(z.string().min(1)),
  PUSH_APNS_KEY_ID: z.string().default(''),
  PUSH_APNS_TEAM_ID: z.string().default(''),
  PUSH_APNS_URL: z.url().default('https://api.push.apple.com'),
  /**
   * A kind of device without credentials gets its pushes recorded in the bouncer's
   * `dev_deliveries` collection (and logged) instead of sent, when this is true; else they are dropped.
   */
  PUSH_DEV_DELIVERIES: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** How long the registration job keeps retrying a bouncer that does not answer (Zulip: a day). */
  PUSH_REGISTRATION_RETRY_MS: z.coerce
    .number()
    .int()
    .min(1_000)
    .default(24 * 60 * 60 * 1000),
});
export type PushConfig = z.infer<typeof PushConfigSchema>;
