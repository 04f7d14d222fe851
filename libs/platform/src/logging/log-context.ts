import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What every log line written while handling one request carries: the correlation id that
 * travels with its commands and events (the gateway's request id), and once known the caller.
 */
export interface LogContext {
  correlationId: string;
  userId?: number;
}

// One store per process, as the logger that reads it is: the context follows the request's
// asynchronous work wherever it goes, without every function passing it on.
const storage = new AsyncLocalStorage<LogContext>();

/** Runs `work` (and everything it starts) with `context` on its log lines. */
export function withLogContext<T>(context: LogContext, work: () => T): T {
  return storage.run(context, work);
}

/** The context of the work running now, if it belongs to a request. */
export function currentLogContext(): LogContext | undefined {
  return storage.getStore();
}

/** Names the caller on the rest of the request's log lines, once authentication found them. */
export function noteLogUser(userId: number): void {
  const context = storage.getStore();
  if (context) context.userId = userId;
}
