/**
 * Where the infrastructure lives. The local stack (`infra/`) starts its servers on these
 * addresses and every service connects to them, so both read this one definition.
 * The defaults avoid the standard ports so a system Redis, MongoDB or Kafka can keep running.
 */
import { z } from 'zod';

const port = z.coerce.number().int().min(1).max(65535);
/** Compose passes an unset variable as "": the same as unset. */
const unsetWhenBlank = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());
const flag = z
  .enum(['true', 'false'])
  .default('false')
  .transform((v) => v === 'true');

/**
 * How to reach Kafka: the brokers, and for a managed Kafka its SASL credentials (PLAIN or SCRAM)
 * and TLS (the brokers' certificates checked against the system's CAs, or against the one given).
 * Which of them go together is checked where the client is made (`createKafka`).
 */
export const KafkaConnectionSchema = z.object({
  /** Kafka bootstrap servers, comma-separated. */
  KAFKA_BROKERS: z.string().min(1).default('127.0.0.1:19092'),
  KAFKA_SASL_MECHANISM: unsetWhenBlank(z.enum(['plain', 'scram-sha-256', 'scram-sha-512'])),
  KAFKA_SASL_USERNAME: unsetWhenBlank(z.string().min(1)),
  KAFKA_SASL_PASSWORD: unsetWhenBlank(z.string().min(1)),
  KAFKA_TLS: flag,
  /** A CA certificate (PEM file) that signed the brokers' certificates, when no system CA did. */
  KAFKA_TLS_CA_FILE: unsetWhenBlank(z.string().min(1)),
});
export type KafkaConnection = z.infer<typeof KafkaConnectionSchema>;

export const StackEndpointsSchema = z.object({
  ...KafkaConnectionSchema.shape,
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
  S3_USE_SSL: flag,
  S3_ACCESS_KEY: z.string().min(3).default('zulipes'),
  S3_SECRET_KEY: z.string().min(8).default('zulipes-dev-secret'),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z.string().min(3).default('zulip-uploads'),
});
export type StackEndpoints = z.infer<typeof StackEndpointsSchema>;
