/**
 * What the health answer asks of a service besides its dependencies: whether it serves yet,
 * which read models do not follow their topics, and its own figures (events in quarantine,
 * long-polls held). Domain services answer through their runtime; the gateway through its own.
 */
export abstract class ServiceReadiness {
  abstract readonly ready: boolean;
  abstract staleReadModels(): string[];
  abstract details(): Record<string, number>;
}
