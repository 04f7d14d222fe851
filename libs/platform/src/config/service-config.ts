import { z } from 'zod';
import { StackEndpointsSchema } from './stack-endpoints';

/** Configuration every service shares: where the infrastructure is and how it reports itself. */
export const ServiceConfigSchema = StackEndpointsSchema.extend({
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Names this process among instances of the same service (logs, Kafka client ids). */
  INSTANCE_ID: z.string().regex(/^[A-Za-z0-9_-]+$/).default('1'),
  /** Interface the HTTP endpoint listens on: loopback by default, 0.0.0.0 in containers. */
  BIND_HOST: z.string().min(1).default('127.0.0.1'),
  /** `production` in the image: development conveniences (well-known secrets) are refused. */
  NODE_ENV: z.string().default('development'),
});
export type ServiceConfig = z.infer<typeof ServiceConfigSchema>;

export const portVar = (fallback: number) => z.coerce.number().int().min(1).max(65535).default(fallback);
