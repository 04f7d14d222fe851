import { portVar, ServiceConfigSchema } from '@zulip-es/platform';
import { z } from 'zod';

export const MessagesConfigSchema = ServiceConfigSchema.extend({
  /** Health endpoint. */
  MESSAGES_PORT: portVar(9993),
  /**
   * How long POST /streams/{id}/delete_topic waits for its job before answering `complete: false`
   * (the job goes on). Zulip waits 50 s; here it must stay below the gateway's REQUEST_TIMEOUT_MS
   * (10 s by default), hence 8 s.
   */
  DELETE_TOPIC_WAIT_MS: z.coerce.number().int().min(0).max(120_000).default(8_000),
  /**
   * Zulip's `WILDCARD_MENTION_THRESHOLD`: channel (subscribers) and topic (participants) wildcard
   * mentions reaching more people need `can_mention_many_users_group`.
   */
  WILDCARD_MENTION_THRESHOLD: z.coerce.number().int().min(0).default(15),
});
export type MessagesConfig = z.infer<typeof MessagesConfigSchema>;
