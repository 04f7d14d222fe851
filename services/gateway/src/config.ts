import { z } from 'zod';
import { DEFAULT_MAX_FILE_UPLOAD_SIZE_MIB } from '@zulip-es/contracts';
import { portVar, realSecretsInProduction, secretVar, ServiceConfigSchema } from '@zulip-es/platform';

export const GatewayConfigSchema = ServiceConfigSchema.extend({
  GATEWAY_PORT: portVar(9991),
  /** Where the gateway serves `GET /metrics`; not served without it (the API port faces the clients). */
  METRICS_PORT: z.coerce.number().int().min(1).max(65_535).optional(),
  /** Names this instance's reply topic (`gateway.replies.<id>`); unique per running instance. */
  INSTANCE_ID: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/)
    .default('gw-1'),
  /** How long a request waits for the owning service before a 503. */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1).max(120_000).default(10_000),
  /** Zulip's default: 200 API requests per user per minute. */
  RATE_LIMIT_REQUESTS: z.coerce.number().int().min(1).default(200),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
  /**
   * Zulip's `api_by_ip` default: 100 unauthenticated API requests (`POST /fetch_api_key`,
   * `POST /invites/accept`, `POST /invites/multiuse/join`, `GET /server_settings`) per client
   * address per minute. The address is the connection's: behind a proxy, all its clients share
   * one.
   */
  RATE_LIMIT_ANONYMOUS_REQUESTS: z.coerce.number().int().min(1).default(100),
  RATE_LIMIT_ANONYMOUS_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
  /**
   * Zulip's `authenticate_by_username`: 5 password attempts per username per 30 minutes (a
   * success clears them), whatever address they come from.
   */
  LOGIN_ATTEMPTS_PER_USERNAME: z.coerce.number().int().min(1).default(5),
  LOGIN_ATTEMPTS_WINDOW_SECONDS: z.coerce.number().int().min(1).default(1800),
  /** Upper bound on a form body; uploads have their own limit. */
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),
  /** Zulip's `MAX_FILE_UPLOAD_SIZE` in MiB, for `POST /user_uploads`; the uploads service reads the same variable. */
  /**
   * Signs the temporary URLs of uploads (`GET /api/v1/user_uploads/...`). Every gateway instance
   * needs the same one; keep it secret.
   */
  UPLOAD_URL_SECRET: secretVar('UPLOAD_URL_SECRET'),
  MAX_FILE_UPLOAD_SIZE_MIB: z.coerce.number().int().min(1).max(10_240).default(DEFAULT_MAX_FILE_UPLOAD_SIZE_MIB),
  /**
   * How long GET /events waits for an event before answering a `heartbeat` (Zulip's
   * HEARTBEAT_MIN_FREQ_SECS, 45 s); clients wait up to `event_queue_longpoll_timeout_seconds` (90).
   */
  EVENT_HEARTBEAT_MS: z.coerce.number().int().min(100).max(80_000).default(45_000),
}).superRefine(realSecretsInProduction('UPLOAD_URL_SECRET'));
export type GatewayConfig = z.infer<typeof GatewayConfigSchema>;
