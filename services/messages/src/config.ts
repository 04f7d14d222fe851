import { portVar, ServiceConfigSchema } from '@zulip-es/platform';
import type { z } from 'zod';

export const MessagesConfigSchema = ServiceConfigSchema.extend({
  /** Health endpoint. */
  MESSAGES_PORT: portVar(9993),
});
export type MessagesConfig = z.infer<typeof MessagesConfigSchema>;
