import { portVar, ServiceConfigSchema } from '@zulip-es/platform';

export const RealtimeConfigSchema = ServiceConfigSchema.extend({
  /** Health endpoint. */
  REALTIME_PORT: portVar(9997),
});
export type RealtimeConfig = ReturnType<typeof RealtimeConfigSchema.parse>;
