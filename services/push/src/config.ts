import { portVar, ServiceConfigSchema } from '@zulip-es/platform';
import type { z } from 'zod';

export const PushConfigSchema = ServiceConfigSchema.extend({
  /** Health endpoint. */
  PUSH_PORT: portVar(9995),
});
export type PushConfig = z.infer<typeof PushConfigSchema>;
