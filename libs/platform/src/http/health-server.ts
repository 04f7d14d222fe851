import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from '../logging/logger';
import { healthBody, healthStatusCode } from './health';

export interface HealthServerOptions {
  service: string;
  /** 0 picks a free port (tests). */
  port: number;
  logger: Logger;
  isReady: () => boolean;
  /** The read models that do not follow their topics right now (the answer is 503 meanwhile). */
  staleReadModels?: () => readonly string[];
  /** Figures added to the answer, for operators (the events in quarantine). */
  details?: () => Record<string, unknown>;
  /** Interface to listen on: loopback by default, 0.0.0.0 in containers. */
  host?: string;
}

export interface HealthServer {
  readonly port: number;
  close(): Promise<void>;
}

/**
 * A domain service's only HTTP route, `GET /health` (the local stack and docker compose health
 * checks): 200 once it serves, 503 while it starts or stops or a read model is stale (see healthBody). Plain node:http, because a NestJS
 * application for one route cost each service ~20 MB of idle memory (its modules and fastify's).
 */
export async function startHealthServer(options: HealthServerOptions): Promise<HealthServer> {
  const server = createServer((req, res) => {
    const path = req.url?.split('?')[0];
    if (path !== '/health' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'Not Found' }));
      return;
    }
    const body = healthBody({ service: options.service, ready: options.isReady(), staleReadModels: options.staleReadModels?.() });
    res.writeHead(healthStatusCode(body), { 'content-type': 'application/json' });
    res.end(req.method === 'HEAD' ? undefined : JSON.stringify({ ...body, ...options.details?.() }));
  });
  await listenOn(server, options.port, options.host ?? '127.0.0.1');
  const port = (server.address() as AddressInfo).port;
  options.logger.info({ port }, 'health endpoint listening');
  return { port, close: () => closeServer(server) };
}

/** Listens on `host:port` (0: a free port), failing if it is taken. */
export function listenOn(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/** Closes the server and the connections it still holds. */
export function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
}
