import { z } from 'zod';
import { DEFAULT_MAX_FILE_UPLOAD_SIZE_MIB, DEFAULT_UPLOAD_QUOTA_MIB } from '@zulip-es/contracts';
import { portVar, realSecretsInProduction, secretVar, ServiceConfigSchema } from '@zulip-es/platform';

export const UsersConfigSchema = ServiceConfigSchema.extend({
  /** Health endpoint. */
  USERS_PORT: portVar(9992),
  /**
   * API keys are HMAC(secret, user id and a per-user nonce): the key itself is stored nowhere,
   * yet `fetch_api_key` returns the same key every time. Keep it secret and stable.
   */
  API_KEY_SECRET: secretVar('API_KEY_SECRET'),
  /** The organization's URL as clients reach it; its host names dummy emails (`user5@host`). */
  REALM_URL: z.url().default('http://127.0.0.1:9991'),
  /**
   * Users holding Zulip's `can_change_user_emails` special permission (comma-separated ids), which
   * a server administrator grants; an owner among them may change users' emails with
   * `PATCH /users/{user_id}` `new_email`. Default: user 1, the owner created at bootstrap.
   */
  CAN_CHANGE_USER_EMAILS: z
    .string()
    .default('1')
    .transform((ids) =>
      ids
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean)
        .map(Number),
    ),
  /**
   * Zulip's server setting of the same name: when true, presence (and statuses in `POST
   * /register`) is limited to the users the caller can access. Default false, as in Zulip.
   */
  CAN_ACCESS_ALL_USERS_GROUP_LIMITS_PRESENCE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  MAX_FILE_UPLOAD_SIZE_MIB: z.coerce.number().int().min(1).max(10_240).default(DEFAULT_MAX_FILE_UPLOAD_SIZE_MIB),
  /** The organization's upload space in MiB (Zulip's `realm_upload_quota_mib`); the uploads service refuses an upload past it. */
  UPLOAD_QUOTA_MIB: z.coerce.number().int().min(1).default(DEFAULT_UPLOAD_QUOTA_MIB),
  /**
   * Invitations one user may send (and resend) in 24 hours; beyond it POST /invites answers
   * Zulip's daily-limit error. Zulip's own organization-wide default is 3000.
   */
  INVITES_DAILY_LIMIT_PER_USER: z.coerce.number().int().min(0).default(3000),
  /**
   * The push service's bouncer (read here only to tell clients, in GET /server_settings
   * `push_notifications_enabled`, whether pushes go anywhere).
   */
  PUSH_BOUNCER_URL: z.string().default(''),
  /**
   * Outgoing mail (invitations). SMTP_URL (`smtp://user:pass@host:587`, `smtps://…:465`) wins
   * over the separate SMTP_* variables; with neither SMTP_URL nor SMTP_HOST set, every message
   * is written as an .eml file to EMAIL_OUTBOX_DIR for an operator to read.
   */
  SMTP_URL: z.url().optional(),
  SMTP_HOST: z.string().min(1).optional(),
  SMTP_PORT: portVar(587),
  /** Implicit TLS (port 465); otherwise STARTTLS when the server offers it. */
  SMTP_SECURE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  SMTP_USER: z.string().optional(),
  SMTP_PASSWORD: z.string().optional(),
  /** The sender of invitations; default `noreply@<host of REALM_URL>`. */
  EMAIL_FROM: z.string().min(3).optional(),
  /** Where mails go without SMTP: default `<ZULIP_DATA_DIR or ./.data>/outbox`. */
  EMAIL_OUTBOX_DIR: z.string().min(1).optional(),
  ZULIP_DATA_DIR: z.string().min(1).default('.data'),
}).superRefine(realSecretsInProduction('API_KEY_SECRET'));
export type UsersConfig = z.infer<typeof UsersConfigSchema>;
