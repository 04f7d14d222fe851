/**
 * Where the infrastructure lives. The local stack (`infra/`) starts its servers on these
 * addresses and every service connects to them, so both read this one definition.
 * The defaults avoid the standard ports so a system Redis, MongoDB or Kafka can keep running.
 */
import { z } from 'zod';

const port = z.coerce.number().int().min(1).max(65535);

export const StackEndpointsSchema = z.object({
  /** Kafka bootstrap servers, comma-separated. */
  KAFKA_BROKERS: z.string().min(1).default('127.0.0.1:19092'),
  /**
   * MongoDB connection string (a MongoDB server or FerretDB); `mongodb+srv://` for a managed
   * cluster found through DNS (TLS on by default, as the driver does).
   */
  MONGO_URL: z
    .string()
    .regex(/^mongodb(\+srv)?:\/\//, 'must start with mongodb:// or mongodb+srv://')
    .default('mongodb://127.0.0.1:27117'),
  /** Redis for BullMQ, rate limits and event queues; `rediss://` for TLS (a managed Redis). */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .default('redis://127.0.0.1:16379'),
  /** S3-compatible object store (MinIO locally). */
  S3_ENDPOINT: z.string().min(1).default('127.0.0.1'),
  S3_PORT: port.default(19000),
  S3_USE_SSL: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  S3_ACCESS_KEY: z.string().min(3).default('zulipes'),
  S3_SECRET_KEY: z.string().min(8).default('zulipes-dev-secret'),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z.string().min(3).default('zulip-uploads'),
});
export type StackEndpoints = z.infer<typeof StackEndpointsSchema>;
