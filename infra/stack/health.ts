/** One-shot health probes, one per part; each throws when the server is not answering. */
import Redis from 'ioredis';
import { MongoClient } from 'mongodb';
import { withKafkaAdmin } from './kafka-admin';
import { withTimeout } from './util';

/** Kafka answers Metadata and reports at least one broker. */
export async function kafkaHealth(brokers: string): Promise<string> {
  return withTimeout(
    withKafkaAdmin(brokers, async (admin) => {
      const cluster = await admin.describeCluster();
      if (cluster.brokers.length === 0) throw new Error('kafka: the cluster reports no broker');
      return `cluster ${cluster.clusterId}, ${cluster.brokers.length} broker(s)`;
    }),
    8000,
    'kafka describeCluster',
  );
}

/** The MongoDB wire protocol answers `ping` (mongod or FerretDB). */
export async function mongoHealth(url: string): Promise<string> {
  const client = new MongoClient(url, {
    directConnection: true,
    serverSelectionTimeoutMS: 2000,
    connectTimeoutMS: 2000,
  });
  try {
    await withTimeout(client.connect(), 5000, 'mongo connect');
    await withTimeout(client.db('admin').command({ ping: 1 }), 5000, 'mongo ping');
    const info = await client
      .db('admin')
      .command({ buildInfo: 1 })
      .catch(() => undefined);
    if (typeof info?.ferretdbVersion === 'string') return `ping ok, ${info.ferretdbVersion} (as MongoDB ${String(info.version)})`;
    return `ping ok, MongoDB ${String(info?.version ?? '?')}`;
  } finally {
    await client.close().catch(() => undefined);
  }
}

/** Redis answers PING. */
export async function redisHealth(url: string): Promise<string> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 2000,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  redis.on('error', () => undefined); // reported through the rejected promises below
  try {
    await withTimeout(redis.connect(), 4000, 'redis connect');
    const pong = await withTimeout(redis.ping(), 4000, 'redis ping');
    if (pong !== 'PONG') throw new Error(`redis: PING answered ${pong}`);
    return 'PONG';
  } finally {
    redis.disconnect();
  }
}

/** MinIO's liveness endpoint answers 200. */
export async function minioHealth(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/minio/health/live`, { signal: AbortSignal.timeout(3000) });
  if (response.status !== 200) throw new Error(`minio: ${baseUrl}/minio/health/live answered ${response.status}`);
  return 'live';
}
