import type { ServiceId } from '../infra/system/service-process';

/**
 * Ports of their own, so a bench can run beside `npm start` or `npm test` on the same machine;
 * below Linux's ephemeral range (32768 and up), where a client connection could hold one.
 */
export const SYSTEM_PORTS: Record<ServiceId, number> = {
  gateway: 28991,
  users: 28992,
  messages: 28993,
  uploads: 28994,
  push: 28995,
  realtime: 28998,
};
export const BARE_HTTP_PORT = 28996;
/** The push bouncer the push service runs (its fake providers listen on a port the system picks). */
export const BOUNCER_PORT = 28997;

export const SYSTEM_ENV: Record<string, string> = {
  INSTANCE_ID: 'gw-bench',
  REALM_URL: `http://127.0.0.1:${SYSTEM_PORTS.gateway}`,
  LOG_LEVEL: 'warn',
  // The limiter is still consulted on every request (its Redis round trip is part of the cost), it just never refuses.
  RATE_LIMIT_REQUESTS: '100000000',
  RATE_LIMIT_ANONYMOUS_REQUESTS: '100000000',
  // The 1 GiB resumable upload (tus) must fit under the upload limit (gateway and uploads service).
  MAX_FILE_UPLOAD_SIZE_MIB: '1100',
};

/** Concurrency 1 gives latency; 32 saturates a 2-core machine. */
export const CONCURRENCIES = [1, 32] as const;
export const CELL_SECONDS = 5;
/** Discarded before each cell: JIT, connection pools and Kafka metadata settle. */
export const WARMUP_SECONDS = 1;

export const KAFKA_SEQUENTIAL = { warmup: 50, measured: 500 };
/**
 * Load on the echo pair before anything is measured: a broker started a moment ago (the bench
 * may just have brought the stack up) answers several times slower until its JIT has warmed up.
 */
export const KAFKA_WARMUP = { seconds: 3, concurrency: 32 };
