import { DEFAULT_MAX_FILE_UPLOAD_SIZE_MIB } from '@zulip-es/contracts';
import { portVar, ServiceConfigSchema } from '@zulip-es/platform';
import { z } from 'zod';

export const UploadsConfigSchema = ServiceConfigSchema.extend({
  /** Health endpoint. */
  UPLOADS_PORT: portVar(9994),
  /** Zulip's `MAX_FILE_UPLOAD_SIZE` in MiB; the gateway reads the same variable. */
  MAX_FILE_UPLOAD_SIZE_MIB: z.coerce.number().int().min(1).max(10_240).default(DEFAULT_MAX_FILE_UPLOAD_SIZE_MIB),
});
export type UploadsConfig = z.infer<typeof UploadsConfigSchema>;
