/** The part of autocannon 8's API the bench uses (the package ships no types). */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  interface RequestParams {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }

  interface Request extends RequestParams {
    setupRequest?: (req: RequestParams) => RequestParams;
  }

  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    requests?: Request[];
  }

  interface Result {
    errors: number;
    timeouts: number;
    non2xx: number;
    statusCodeStats: Record<string, { count: number }>;
  }

  /** Emits 'response' (client, statusCode, resBytes, responseTimeMs) per response. */
  interface Instance extends EventEmitter, PromiseLike<Result> {}

  function autocannon(options: Options): Instance;
  export = autocannon;
}
