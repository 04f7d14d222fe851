/**
 * The addresses the stack listens on, read from the same schema the services use
 * (libs/platform/src/config/stack-endpoints.ts), so both sides agree on ports and credentials.
 */
import { execFileSync } from 'node:child_process';
import { StackEndpointsSchema, type StackEndpoints } from '../../libs/platform/src/config/stack-endpoints';

export interface HostPort {
  host: string;
  port: number;
}

export type MongoBackend = 'mongod' | 'ferretdb-sqlite' | 'ferretdb-postgres';

export interface StackConfig {
  endpoints: StackEndpoints;
  /** `securePort`: the SASL-over-TLS listener (kafka-secure-listener.ts). */
  kafka: HostPort & { controllerPort: number; securePort: number };
  mongo: HostPort & { backend: MongoBackend };
  /** `maxmemory`: past it Redis refuses writes (`noeviction`) instead of growing until the machine is out of memory. */
  redis: HostPort & { password?: string; maxmemory: string };
  minio: HostPort & { consolePort: number };
}

function hostPort(value: string, what: string): HostPort {
  // Several hosts may be listed ("a:1,b:2"); the local stack is one node, so it serves the first.
  const first = value.split(',')[0]!.trim();
  const match = /^\[?([^\]]+?)\]?:(\d+)$/.exec(first);
  if (!match) throw new Error(`${what}: expected host:port, got "${value}"`);
  return { host: match[1]!, port: Number(match[2]) };
}

function urlHostPort(value: string, what: string, defaultPort: number): HostPort & { password?: string } {
  const url = new URL(value.split(',')[0]!);
  if (!url.hostname) throw new Error(`${what}: no host in "${value}"`);
  return {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port ? Number(url.port) : defaultPort,
    password: url.password ? decodeURIComponent(url.password) : undefined,
  };
}

export function onPath(command: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v "${command}"`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export function mongoBackend(env: NodeJS.ProcessEnv = process.env): MongoBackend {
  const chosen = (env.MONGO_BACKEND ?? 'auto').trim() || 'auto';
  switch (chosen) {
    case 'auto':
      return onPath('mongod') ? 'mongod' : 'ferretdb-sqlite';
    case 'mongod':
    case 'ferretdb-sqlite':
    case 'ferretdb-postgres':
      return chosen;
    default:
      throw new Error(`MONGO_BACKEND must be auto, mongod, ferretdb-sqlite or ferretdb-postgres (got "${chosen}")`);
  }
}

/**
 * REDIS_MAXMEMORY, in Redis's own units (`512mb`). Event queues (at most 50 per user, a few tens
 * of kilobytes each), rate-limit counters and BullMQ's jobs live there.
 */
export function redisMaxmemory(env: NodeJS.ProcessEnv = process.env): string {
  const value = (env.REDIS_MAXMEMORY ?? '512mb').trim().toLowerCase();
  if (!/^[1-9]\d*(kb|mb|gb)$/.test(value))
    throw new Error(`REDIS_MAXMEMORY must be a size such as 512mb or 2gb (got "${env.REDIS_MAXMEMORY}")`);
  return value;
}

export function loadStackConfig(env: NodeJS.ProcessEnv = process.env): StackConfig {
  const endpoints = StackEndpointsSchema.parse(env);
  if (endpoints.S3_USE_SSL) throw new Error('S3_USE_SSL=true: the local stack serves MinIO over plain HTTP only');
  const kafka = hostPort(endpoints.KAFKA_BROKERS, 'KAFKA_BROKERS');
  const mongo = urlHostPort(endpoints.MONGO_URL, 'MONGO_URL', 27017);
  const redis = urlHostPort(endpoints.REDIS_URL, 'REDIS_URL', 6379);
  return {
    endpoints,
    kafka: { ...kafka, controllerPort: kafka.port + 1, securePort: kafka.port + 2 },
    mongo: { host: mongo.host, port: mongo.port, backend: mongoBackend(env) },
    redis: { ...redis, maxmemory: redisMaxmemory(env) },
    minio: { host: endpoints.S3_ENDPOINT, port: endpoints.S3_PORT, consolePort: endpoints.S3_PORT + 1 },
  };
}
