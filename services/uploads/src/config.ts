import { DEFAULT_MAX_FILE_UPLOAD_SIZE_MIB, DEFAULT_UPLOAD_QUOTA_MIB } from '@zulip-es/contracts';
import { portVar, ServiceConfigSchema } from '@zulip-es/platform';
import { z } from 'zod';

export const UploadsConfigSchema = ServiceConfigSchema.extend({
  /** Health endpoint. */
  UPLOADS_PORT: portVar(9994),
  /** How often upload garbage collection runs (a BullMQ repeatable job). */
  UPLOAD_GC_EVERY_MS: z.coerce.number().int().min(1_000).default(60 * 60 * 1000),
  /**
   * How old an object of the bucket with no attachment record must be to be removed: an upload
   * whose record is on its way is younger. Also the time an interrupted resumable upload is kept.
   */
  UPLOAD_ORPHAN_GRACE_MS: z.coerce.number().int().min(0).default(24 * 60 * 60 * 1000),
  /** How long an upload no message claims is kept (Zulip removes them after some weeks). */
  UPLOAD_UNCLAIMED_AFTER_MS: z.coerce.number().int().min(0).default(21 * 24 * 60 * 60 * 1000),
  /** Zulip's `MAX_FILE_UPLOAD_SIZE` in MiB; the gateway reads the same variable. */
  MAX_FILE_UPLOAD_SIZE_MIB: z.coerce.number().int().min(1).max(10_240).default(DEFAULT_MAX_FILE_UPLOAD_SIZE_MIB),
  /** The organization's upload space in MiB (Zulip's `realm_upload_quota_mib`); the uploads service refuses an upload past it. */
  UPLOAD_QUOTA_MIB: z.coerce.number().int().min(1).default(DEFAULT_UPLOAD_QUOTA_MIB),
});
export type UploadsConfig = z.infer<typeof UploadsConfigSchema>;
