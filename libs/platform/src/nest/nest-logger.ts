import type { LoggerService } from '@nestjs/common';
import type { Logger } from '../logging/logger';

/**
 * Nest's own messages through the service's pino logger. Its start-up chatter (modules
 * initialized, routes mapped) is dropped; its warnings and errors are kept.
 */
export class NestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(): void {}

  warn(message: unknown, context?: string): void {
    this.logger.warn({ context }, String(message));
  }

  error(message: unknown, trace?: string, context?: string): void {
    this.logger.error({ context, trace }, message instanceof Error ? message.message : String(message));
  }

  fatal(message: unknown, context?: string): void {
    this.logger.fatal({ context }, String(message));
  }
}
