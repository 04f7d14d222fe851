import { ServiceReadiness } from './health/service-readiness';

/**
 * The life of a service that follows topics but owns no commands topic and no store (realtime):
 * its bootstrap starts it once the health endpoint listens, so the endpoint answers `starting`
 * while it reads its topics; it stops through its provider's own Nest hooks. Its readiness is the
 * health endpoint's (provide it as `ServiceReadiness` too).
 */
export abstract class StreamRuntime extends ServiceReadiness {
  /** Resolves once the service serves (its topics read up to their end at start). */
  abstract start(): Promise<void>;
}
