import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { NestApplicationOptions, RequestMethod } from '@nestjs/common';
import { AbstractHttpAdapter } from '@nestjs/core';

type Handler = (request: IncomingMessage, response: ServerResponse, next: () => void) => unknown;
type ErrorHandler = (error: unknown, request: IncomingMessage, response: ServerResponse, next: () => void) => unknown;

/** Nest's routes by method and exact path (a domain service's HTTP routes have no parameters). */
class ExactRoutes {
  private readonly handlers = new Map<string, Handler>();

  add(method: string, path: string, handler: Handler): void {
    this.handlers.set(`${method} ${path}`, handler);
  }

  /** HEAD answers as GET does, without the body (node:http leaves it out). */
  find(method: string, path: string): Handler | undefined {
    return this.handlers.get(`${method} ${path}`) ?? (method === 'HEAD' ? this.handlers.get(`GET ${path}`) : undefined);
  }
}

const unsupported = (what: string) => (): never => {
  throw new Error(`NodeHttpAdapter: ${what} is not supported (a service's HTTP side answers JSON routes only)`);
};

/** The router Nest registers routes on (`AbstractHttpAdapter.get(path, handler)` calls `instance.get`). */
function routerOf(routes: ExactRoutes): Record<string, unknown> {
  const method = (name: string) => (path: string, handler: Handler) => routes.add(name, path, handler);
  return {
    get: method('GET'),
    head: method('HEAD'),
    post: method('POST'),
    put: method('PUT'),
    patch: method('PATCH'),
    delete: method('DELETE'),
    options: method('OPTIONS'),
    all: unsupported('a route for every method'),
    use: unsupported('middleware'),
  };
}

/**
 * Nest's HTTP side on node:http itself, for the domain services, whose HTTP answers are a few
 * JSON routes (`/health`): fastify, its JSON-schema compilers and router cost each service about
 * 7 MB of memory for routes that need none of them. The gateway, which serves the API, stays on
 * fastify. Answers are JSON (objects), or text as given; a request body is never read.
 */
export class NodeHttpAdapter extends AbstractHttpAdapter<Server, IncomingMessage, ServerResponse> {
  private readonly routes: ExactRoutes;
  private notFound: Handler = (_request, response) => this.reply(response, { statusCode: 404 }, 404);
  private onError?: ErrorHandler;

  constructor() {
    const routes = new ExactRoutes();
    super(routerOf(routes));
    this.routes = routes;
  }

  initHttpServer(_options: NestApplicationOptions): void {
    this.httpServer = createServer((request, response) => this.handle(request, response));
  }

  private handle(request: IncomingMessage, response: ServerResponse): void {
    const url = request.url ?? '/';
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    const handler = this.routes.find(request.method ?? 'GET', path) ?? this.notFound;
    const failed = (error: unknown) => {
      if (this.onError) void this.onError(error, request, response, () => undefined);
      else if (!response.headersSent) this.reply(response, { statusCode: 500 }, 500);
      else response.destroy();
    };
    try {
      void Promise.resolve(handler(request, response, () => undefined)).catch(failed);
    } catch (error) {
      failed(error);
    }
  }

  override listen(port: string | number, ...rest: unknown[]): Server {
    return this.httpServer.listen(Number(port), ...(rest as [string, () => void]));
  }

  async close(): Promise<void> {
    if (!this.httpServer?.listening) return;
    this.httpServer.closeIdleConnections();
    await new Promise<void>((resolve, reject) => this.httpServer.close((error) => (error ? reject(error) : resolve())));
  }

  getType(): string {
    return 'node-http';
  }

  reply(response: ServerResponse, body: unknown, statusCode?: number): void {
    if (statusCode) response.statusCode = statusCode;
    if (body === undefined || body === null) {
      response.end();
      return;
    }
    const text = typeof body === 'string' || Buffer.isBuffer(body);
    if (!response.hasHeader('content-type'))
      response.setHeader('content-type', text ? 'text/plain; charset=utf-8' : 'application/json; charset=utf-8');
    response.end(text ? body : JSON.stringify(body));
  }

  status(response: ServerResponse, statusCode: number): void {
    response.statusCode = statusCode;
  }

  end(response: ServerResponse, message?: string): void {
    response.end(message);
  }

  redirect(response: ServerResponse, statusCode: number, url: string): void {
    response.statusCode = statusCode;
    response.setHeader('location', url);
    response.end();
  }

  isHeadersSent(response: ServerResponse): boolean {
    return response.headersSent;
  }

  getHeader(response: ServerResponse, name: string): ReturnType<ServerResponse['getHeader']> {
    return response.getHeader(name);
  }

  setHeader(response: ServerResponse, name: string, value: string): void {
    response.setHeader(name, value);
  }

  appendHeader(response: ServerResponse, name: string, value: string): void {
    response.appendHeader(name, value);
  }

  getRequestHostname(request: IncomingMessage): string | undefined {
    return request.headers.host;
  }

  getRequestMethod(request: IncomingMessage): string | undefined {
    return request.method;
  }

  getRequestUrl(request: IncomingMessage): string | undefined {
    return request.url;
  }

  setNotFoundHandler(handler: Handler): void {
    this.notFound = handler;
  }

  setErrorHandler(handler: ErrorHandler): void {
    this.onError = handler;
  }

  /** Nothing to parse: no route of a domain service reads a body. */
  registerParserMiddleware(): void {}

  enableCors = unsupported('CORS');
  useStaticAssets = unsupported('static assets');
  setViewEngine = unsupported('views');
  render = unsupported('views');
  createMiddlewareFactory = (_method: RequestMethod) => unsupported('middleware');
  applyVersionFilter = unsupported('versioning');
}
