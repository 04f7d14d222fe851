/** Mongo driver and mongoose errors of a store that cannot be reached right now. */
const UNREACHABLE_STORE = /^Mongo(ose)?(Network|NetworkTimeout|ServerSelection|NotConnected|TopologyClosed|PoolCleared)Error$/;
/** Labels and codes the Mongo server gives an answer worth asking again (a primary stepping down, a shutdown). */
const TRANSIENT_LABELS = ['RetryableWriteError', 'TransientTransactionError', 'ResetPool'];
const TRANSIENT_CODES = new Set([6, 7, 89, 91, 189, 9001, 10107, 11600, 11602, 13435, 13436]);
/** Socket errors of any client (Redis, Mongo, Kafka). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** ioredis: a command refused because the connection is down or its retries ran out. */
const REDIS_DOWN = ['Connection is closed.', "Stream isn't writeable and enableOfflineQueue options is false"];

interface ErrorLike {
  name?: unknown;
  message?: unknown;
  code?: unknown;
  cause?: unknown;
  errorLabels?: unknown;
}

/**
 * Whether a failure is about the infrastructure rather than the event being applied: the store,
 * Redis or Kafka unreachable, timing out or restarting. Such a failure says nothing about the
 * event, so it is never a reason to quarantine it: the caller fails as before (the service exits
 * and catches up on restart, or the consumer retries). Looks through `cause` chains.
 */
export function isTransientError(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 5) return false;
  const e = error as ErrorLike;
  const name = typeof e.name === 'string' ? e.name : '';
  if (name.startsWith('KafkaJS') || name === 'MaxRetriesPerRequestError' || UNREACHABLE_STORE.test(name)) return true;
  if (typeof e.code === 'string' && NETWORK_CODES.has(e.code)) return true;
  if (typeof e.code === 'number' && name === 'MongoServerError' && TRANSIENT_CODES.has(e.code)) return true;
  if (Array.isArray(e.errorLabels) && e.errorLabels.some((label) => TRANSIENT_LABELS.includes(String(label)))) return true;
  if (typeof e.message === 'string' && REDIS_DOWN.includes(e.message)) return true;
  return isTransientError(e.cause, depth + 1);
}
