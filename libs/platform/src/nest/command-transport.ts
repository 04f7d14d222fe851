import { type ArgumentsHost, Catch } from '@nestjs/common';
import { BaseExceptionFilter } from '@nestjs/core';
import { type CustomTransportStrategy, Server } from '@nestjs/microservices';
import { type Observable, throwError } from 'rxjs';
import type { ServiceConfig } from '../config/service-config';
import { handlerRegistry } from './command-patterns';
import type { ServiceRuntime } from './service-runtime';

/**
 * The service's commands topic as a Nest microservice transport. Nest collects the handlers of
 * `@CommandPattern` and `@QueryPattern` methods; `listen` hands them to the service runtime,
 * whose command processor keeps its order per key, deduplication by command id, deadlines and
 * replies (see CommandProcessor), once the projection has caught up with its events.
 */
export class CommandTransport extends Server implements CustomTransportStrategy {
  constructor(
    private readonly runtime: ServiceRuntime,
    private readonly config: ServiceConfig,
  ) {
    super();
  }

  listen(callback: (error?: unknown) => void): void {
    this.runtime.start(handlerRegistry(this.getHandlers(), this.config)).then(
      () => callback(),
      (error: unknown) => callback(error),
    );
  }

  async close(): Promise<void> {
    await this.runtime.stop();
  }

  /** The transport has no status events of its own: readiness is the health endpoint's. */
  on(): void {}

  unwrap<T>(): T {
    return this.runtime as T;
  }
}

/**
 * Handlers answer refusals with `DomainError`s, which the processor turns into Zulip's error
 * replies: Nest's default filter for the transport would replace them with a generic "Internal
 * server error". HTTP routes (the health endpoint) keep Nest's own handling.
 */
@Catch()
export class PassErrorsToProcessor extends BaseExceptionFilter {
  override catch(error: unknown, host: ArgumentsHost): Observable<never> | void {
    if (host.getType() === 'rpc') return throwError(() => error);
    super.catch(error, host);
  }
}
