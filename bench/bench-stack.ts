import path from 'node:path';
import { loadStackConfig } from '../infra/stack/config';
import { dataDir } from '../infra/stack/paths';

/** Added to each port of the configured stack for the bench's own stack (ZULIP_BENCH_PORT_OFFSET). */
const DEFAULT_PORT_OFFSET = 50;

export interface BenchStack {
  /** The bench stack's ZULIP_DATA_DIR: its Kafka, store, Redis and MinIO data, logs and the report. */
  dataDir: string;
  /** What moved, for the first lines of the output. */
  description: string;
}

/**
 * Points this process (and every process it starts: the stack, the services, the baselines) at a
 * stack of the bench's own. The bench creates 1,000 accounts, renames users and sends thousands
 * of invitations; a stack holds one organization, so on the stack `npm test` uses they would land
 * in the test organization. Its data lives in `<data dir>/bench`; a run that starts the stack
 * empties its stores first (run.ts), one that finds it running keeps them; its ports are the configured stack's moved by
 * ZULIP_BENCH_PORT_OFFSET (default 50), so it runs beside that stack. Call before anything reads
 * the stack's settings.
 */
export function useBenchStack(env: NodeJS.ProcessEnv = process.env): BenchStack {
  const offset = Number(env.ZULIP_BENCH_PORT_OFFSET ?? DEFAULT_PORT_OFFSET);
  if (!Number.isInteger(offset) || offset < 2)
    throw new Error(`ZULIP_BENCH_PORT_OFFSET must be an integer of at least 2 (got "${env.ZULIP_BENCH_PORT_OFFSET}")`);
  const shared = loadStackConfig(env);
  const benchDir = path.join(dataDir(), 'bench');
  const redisAuth = shared.redis.password ? `:${encodeURIComponent(shared.redis.password)}@` : '';
  const moved = {
    ZULIP_DATA_DIR: benchDir,
    KAFKA_BROKERS: `${shared.kafka.host}:${shared.kafka.port + offset}`,
    MONGO_URL: `mongodb://${shared.mongo.host}:${shared.mongo.port + offset}`,
    REDIS_URL: `redis://${redisAuth}${shared.redis.host}:${shared.redis.port + offset}`,
    S3_PORT: String(shared.minio.port + offset),
  };
  Object.assign(env, moved);
  return {
    dataDir: benchDir,
    description: `bench: own stack in ${benchDir}: kafka ${moved.KAFKA_BROKERS}, mongo ${moved.MONGO_URL}, redis ${shared.redis.host}:${shared.redis.port + offset}, minio port ${moved.S3_PORT}`,
  };
}
