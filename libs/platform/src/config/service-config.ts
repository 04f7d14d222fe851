import { z } from 'zod';
import { StackEndpointsSchema } from './stack-endpoints';

/** Configuration every service shares: where the infrastructure is and how it reports itself. */
export const ServiceConfigSchema = StackEndpointsSchema.extend({
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Names this process among instances of the same service (logs, Kafka client ids). */
  INSTANCE_ID: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/)
    .default('1'),
  /** Interface the HTTP endpoint listens on: loopback by default, 0.0.0.0 in containers. */
  BIND_HOST: z.string().min(1).default('127.0.0.1'),
  /** `production` in the image: development conveniences (well-known secrets) are refused. */
  NODE_ENV: z.string().default('development'),
  /**
   * How long past its command's deadline a command's recorded outcome is kept, so that a relay or
   * a job sending the same command again gets its answer (see CommandOutcomes); one hour, at
   * most a week.
   */
  COMMAND_OUTCOME_RETENTION_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 3_600_000)
    .default(3_600_000),
  /** How often a domain service deletes the outcomes past their time: ten minutes, from one second to a day. */
  COMMAND_OUTCOME_PRUNE_EVERY_MS: z.coerce
    .number()
    .int()
    .min(1_000)
    .max(24 * 3_600_000)
    .default(600_000),
});
export type ServiceConfig = z.infer<typeof ServiceConfigSchema>;

export const portVar = (fallback: number) => z.coerce.number().int().min(1).max(65535).default(fallback);
