// The parts of kafkajs's internals that the platform uses; the package types only its public API.

/** The per-connection request queue that `request-queue-fix` replaces and tests. */
declare module 'kafkajs/src/network/requestQueue' {
  interface RequestEntry {
    correlationId: number;
    apiName: string;
    apiKey: number;
    apiVersion: number;
    resolve(response: unknown): void;
    reject(error: unknown): void;
  }

  class RequestQueue {
    constructor(options: {
      maxInFlightRequests: number | null;
      requestTimeout: number;
      enforceRequestTimeout: boolean;
      clientId: string;
      broker: string;
      logger: Record<'debug' | 'info' | 'warn' | 'error', (...args: unknown[]) => void>;
    });
    pending: unknown[];
    throttledUntil: number;
    throttleCheckTimeoutId: NodeJS.Timeout | null;
    push(request: { entry: RequestEntry; expectResponse: boolean; sendRequest(): void }): void;
    fulfillRequest(response: { correlationId: number; payload: Buffer; size: number }): void;
    maybeThrottle(clientSideThrottleTime: number): void;
    checkPendingRequests(): void;
    scheduleCheckPendingRequests(): void;
    destroy(): void;
  }

  export = RequestQueue;
}

/** The broker's error codes as kafkajs reads them, and which of them it retries. */
declare module 'kafkajs/src/protocol/error' {
  export const errorCodes: ReadonlyArray<{ type: string; code: number; retriable: boolean; message: string }>;
}
