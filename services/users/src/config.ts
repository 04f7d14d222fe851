import { z } from 'zod';
import { DEFAULT_MAX_FILE_UPLOAD_SIZE_MIB } from '@zulip-es/contracts';
import { portVar, ServiceConfigSchema } from '@zulip-es/platform';

export const UsersConfigSchema = ServiceConfigSchema.extend({
  /** Health endpoint. */
  USERS_PORT: portVar(9992),
  /**
   * API keys are HMAC(secret, user id and a per-user nonce): the key itself is stored nowhere,
   * yet `fetch_api_key` returns the same key every time. Keep it secret and stable.
   */
  API_KEY_SECRET: z.string().min(32, 'must be at least 32 characters').default('local-development-api-key-secret-0123456789'),
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
    .transform((ids) => ids.split(',').map((id) => id.trim()).filter(Boolean).map(Number)),
  /**
   * Zulip's server setting of the same name: when true, presence (and statuses in `POST
   * /register`) is limited to the users the caller can access. Default false, as in Zulip.
   */
  CAN_ACCESS_ALL_USERS_GROUP_LIMITS_PRESENCE: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
  MAX_FILE_UPLOAD_SIZE_MIB: z.coerce.number().int().min(1).max(10_240).default(DEFAULT_MAX_FILE_UPLOAD_SIZE_MIB),
});
export type UsersConfig = z.infer<typeof UsersConfigSchema>;
