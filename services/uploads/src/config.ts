import { DEFAULT_MAX_FILE_UPLOAD_SIZE_MIB, DEFAULT_UPLOAD_QUOTA_MIB, MAX_REALM_EXPORTS_PER_WINDOW } from '@zulip-es/contracts';
import { portVar, ServiceConfigSchema } from '@zulip-es/platform';
import { z } from 'zod';

export const UploadsConfigSchema = ServiceConfigSchema.extend({
  /** Health endpoint. */
  UPLOADS_PORT: portVar(9994),
  /** How often upload garbage collection runs (a BullMQ repeatable job). */
  UPLOAD_GC_EVERY_MS: z.coerce
    .number()
    .int()
    .min(1_000)
    .default(60 * 60 * 1000),
  /**
   * How old an object of the bucket with no attachment record must be to be removed: an upload
   * whose record is on its way is younger. Also the time an interrupted resumable upload is kept.
   */
  UPLOAD_ORPHAN_GRACE_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(24 * 60 * 60 * 1000),
  /** How long an upload no message claims is kept (Zulip removes them after some weeks). */
  UPLOAD_UNCLAIMED_AFTER_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(21 * 24 * 60 * 60 * 1000),
  /** Zulip's `MAX_FILE_UPLOAD_SIZE` in MiB; the gateway reads the same variable. */
  MAX_FILE_UPLOAD_SIZE_MIB: z.coerce.number().int().min(1).max(10_240).default(DEFAULT_MAX_FILE_UPLOAD_SIZE_MIB),
  /** The organization's upload space in MiB (Zulip's `realm_upload_quota_mib`); the uploads service refuses an upload past it. */
  UPLOAD_QUOTA_MIB: z.coerce.number().int().min(1).default(DEFAULT_UPLOAD_QUOTA_MIB),
  /** The organization's site, as the users service has it: export archives' URLs start with it. */
  REALM_URL: z.url().default('http://127.0.0.1:9991'),
  /** Zulip's `ZULIP_ADMINISTRATOR`, named in the refusal of an export too large; default `zulip-admin@<host of REALM_URL>`. */
  ZULIP_ADMINISTRATOR: z.string().min(3).optional(),
  /** Zulip's `EXPORT_LIMIT`: exports an organization may request in 7 days. */
  REALM_EXPORTS_PER_WEEK: z.coerce.number().int().min(1).max(1_000_000).default(MAX_REALM_EXPORTS_PER_WINDOW),
  /** How many times an export job runs before its export is recorded as failed. */
  REALM_EXPORT_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(3),
  /**
   * The export worker's lock on its job, renewed while it runs: a killed worker's job is taken
   * over by another or the restarted instance within about one and a half of it.
   */
  REALM_EXPORT_LOCK_MS: z.coerce.number().int().min(2_000).max(600_000).default(30_000),
});
export type UploadsConfig = z.infer<typeof UploadsConfigSchema>;
