import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  BOUNCER_E2EE_NOTIFY_PATH,
  BOUNCER_NOTIFY_PATH,
  BOUNCER_REGISTER_PATH,
  BOUNCER_TOKEN_REGISTER_PATH,
  BOUNCER_TOKEN_UNREGISTER_PATH,
  BouncerE2eeNotifyRequest,
  BouncerNotifyRequest,
  BouncerRegisterRequest,
  BouncerTokenRequest,
} from '@zulip-es/contracts';
import { closeServer, jsonOrUndefined, listenOn, type Logger } from '@zulip-es/platform';
import type { BouncerDevices } from './bouncer-devices';
import type { BouncerKeyring } from './bouncer-keyring';
import type { BouncerTokens } from './bouncer-tokens';
import { notifyDevices } from './notify-devices';
import { notifyUser, type Providers } from './notify-user';
import { BouncerRefusal, readRegistration } from './push-registration';

/** A registration is a few hundred bytes; a notification's payloads a few kilobytes. */
const MAX_BODY_BYTES = 64 * 1024;

export interface BouncerServerOptions {
  port: number;
  host: string;
  keyring: BouncerKeyring;
  devices: BouncerDevices;
  tokens: BouncerTokens;
  providers: Providers;
  /** Server uuid → API key. */
  servers: Record<string, string>;
  logger: Logger;
  now?: () => Date;
}

export interface BouncerServer {
  readonly port: number;
  close(): Promise<void>;
}

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

/** A route: the calling server's uuid and its request body (form fields or JSON, as the route takes). */
type Route = (server: string, body: string) => Promise<Answer>;

const ok = (body: Record<string, unknown> = {}): Answer => ({ status: 200, body: { result: 'success', msg: '', ...body } });
const refused = (status: number, code: string, msg: string): Answer => ({ status, body: { result: 'error', code, msg } });
const invalid = refused(400, 'BAD_REQUEST', 'Invalid request');

/**
 * The push bouncer's HTTP side, for the servers it serves (modelled on Zulip's
 * `remotes/push/*`): E11 registrations, legacy tokens, notifications to either. Plain node:http, like the
 * health endpoint: a handful of POST routes.
 */
export async function startBouncerServer(options: BouncerServerOptions): Promise<BouncerServer> {
  const now = options.now ?? (() => new Date());
  const routes: Record<string, Route> = {
    [BOUNCER_REGISTER_PATH]: async (server, body) => {
      const request = BouncerRegisterRequest.safeParse(Object.fromEntries(new URLSearchParams(body)));
      if (!request.success) return invalid;
      try {
        const { push_account_id, bouncer_public_key, encrypted_push_registration } = request.data;
        const registration = readRegistration(options.keyring.open(bouncer_public_key, encrypted_push_registration), now());
        return ok({ device_id: await options.devices.register(server, push_account_id, registration, now()) });
      } catch (error) {
        if (!(error instanceof BouncerRefusal)) throw error;
        return refused(400, error.code, error.message);
      }
    },
    [BOUNCER_TOKEN_REGISTER_PATH]: (server, body) => applyToken(server, body, true),
    [BOUNCER_TOKEN_UNREGISTER_PATH]: (server, body) => applyToken(server, body, false),
    [BOUNCER_NOTIFY_PATH]: async (server, body) => {
      const request = BouncerNotifyRequest.safeParse(jsonOrUndefined(body));
      if (!request.success) return invalid;
      return {
        status: 200,
        body: await notifyUser(server, request.data, { tokens: options.tokens, providers: options.providers, logger: options.logger }),
      };
    },
    [BOUNCER_E2EE_NOTIFY_PATH]: async (server, body) => {
      const request = BouncerE2eeNotifyRequest.safeParse(jsonOrUndefined(body));
      if (!request.success) return invalid;
      return {
        status: 200,
        body: await notifyDevices(server, request.data, { devices: options.devices, providers: options.providers, logger: options.logger }),
      };
    },
  };

  async function applyToken(server: string, body: string, active: boolean): Promise<Answer> {
    const request = BouncerTokenRequest.safeParse(jsonOrUndefined(body));
    if (!request.success) return invalid;
    await options.tokens.apply(server, request.data, active);
    return ok();
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const route = req.method === 'POST' ? routes[req.url?.split('?')[0] ?? ''] : undefined;
    if (!route) return send(res, refused(404, 'BAD_REQUEST', 'Not found'));
    const server = authenticated(req.headers.authorization, options.servers);
    if (!server) return send(res, refused(401, 'UNAUTHORIZED', 'Invalid server credentials'));
    const body = await readBody(req);
    if (body === null) return send(res, refused(413, 'BAD_REQUEST', 'Request body too large'));
    send(res, await route(server, body));
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      options.logger.error({ err: error }, 'push bouncer request failed');
      if (!res.headersSent) send(res, refused(500, 'INTERNAL_SERVER_ERROR', 'Internal server error'));
    });
  });
  await listenOn(server, options.port, options.host);
  const port = (server.address() as AddressInfo).port;
  options.logger.info({ port }, 'push bouncer listening');
  return { port, close: () => closeServer(server) };
}

const send = (res: ServerResponse, answer: Answer): void => {
  res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
};

/** The server uuid of valid Basic credentials; keys compared in constant time (as digests, of equal length). */
function authenticated(header: string | undefined, servers: Record<string, string>): string | null {
  if (!header?.startsWith('Basic ')) return null;
  const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  const uuid = decoded.slice(0, colon);
  const expected = Object.hasOwn(servers, uuid) ? servers[uuid]! : null;
  const digest = (s: string) => createHash('sha256').update(s).digest();
  const matches = timingSafeEqual(digest(decoded.slice(colon + 1)), digest(expected ?? ''));
  return expected !== null && matches ? uuid : null;
}

/** The body as text, or null past MAX_BODY_BYTES. */
async function readBody(req: IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}
