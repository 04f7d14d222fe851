import pino, { type Logger } from 'pino';
import { currentLogContext } from './log-context';

export type { Logger };

/**
 * One JSON line per log record, tagged with the service, and with the correlation id (and
 * caller) of the request being handled when there is one; `LOG_LEVEL` sets the level.
 */
export function createLogger(service: string, level = process.env.LOG_LEVEL ?? 'info', destination?: pino.DestinationStream): Logger {
  const options = { name: service, level, base: { service }, mixin: () => currentLogContext() ?? {} };
  return destination ? pino(options, destination) : pino(options);
}
