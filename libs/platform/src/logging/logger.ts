import pino, { type Logger } from 'pino';

export type { Logger };

/** One JSON line per log record, tagged with the service; `LOG_LEVEL` sets the level. */
export function createLogger(service: string, level = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino({ name: service, level, base: { service } });
}
