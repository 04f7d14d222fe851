/**
 * The life of a service that follows topics but owns no commands topic and no store (realtime):
 * its bootstrap starts it once the health endpoint listens, so the endpoint answers `starting`
 * while it reads its topics; it stops through its provider's own Nest hooks.
 */
export interface StreamRuntime {
  /** Resolves once the service serves (its topics read up to their end at start). */
  start(): Promise<void>;
  readonly ready: boolean;
  /** The events in quarantine, for the health answer. */
  readonly quarantined: number;
  /** The read models that do not follow their topics right now. */
  staleReadModels(): string[];
}

/** The service's StreamRuntime, provided by one of its modules (see StreamHealthModule). */
export const STREAM_RUNTIME = Symbol('STREAM_RUNTIME');
