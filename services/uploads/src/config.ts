import { portVar, ServiceConfigSchema } from '@zulip-es/platform';
import type { z } from 'zod';

export const UploadsConfigSchema = ServiceConfigSchema.extend({
  /** Health endpoint. */
  UPLOADS_PORT: portVar(9994),
});
export type UploadsConfig = z.infer<typeof UploadsConfigSchema>;
