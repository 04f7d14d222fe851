import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BOUNCER_REGISTER_PATH, BouncerRegisterRequest } from '@zulip-es/contracts';
import { closeServer, listenOn, type Logger } from '@zulip-es/platform';
import type { BouncerDevices } from './bouncer-devices';
import type { BouncerKeyring } from './bouncer-keyring';
import { BouncerRefusal, readRegistration } from './push-registration';

/** A registration is a few hundred bytes of form fields. */
const MAX_BODY_BYTES = 64 * 1024;

export interface BouncerServerOptions {
  port: number;
  host: string;
  keyring: BouncerKeyring;
  devices: BouncerDevices;
  /** Server uuid → API key. */
  servers: Record<string, string>;
  logger: Logger;
  now?: () => Date;
}

export interface BouncerServer {
  readonly port: number;
  close(): Promise<void>;
}

/**
 * The push bouncer's HTTP side: servers register devices here (Zulip's
 * `remotes/push/e2ee/register`). Plain node:http, like the health endpoint: one route.
 */
export async function startBouncerServer(options: BouncerServerOptions): Promise<BouncerServer> {
  const now = options.now ?? (() => new Date());
  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      options.logger.error({ err: error }, 'push bouncer request failed');
      if (!res.headersSent) reply(res, 500, { result: 'error', code: 'INTERNAL_SERVER_ERROR', msg: 'Internal server error' });
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'POST' || req.url?.split('?')[0] !== BOUNCER_REGISTER_PATH) return reply(res, 404, { result: 'error', code: 'BAD_REQUEST', msg: 'Not found' });
    const serverUuid = authenticated(req.headers.authorization, options.servers);
    if (!serverUuid) return reply(res, 401, { result: 'error', code: 'UNAUTHORIZED', msg: 'Invalid server credentials' });
    const body = await readBody(req);
    if (body === null) return reply(res, 413, { result: 'error', code: 'BAD_REQUEST', msg: 'Request body too large' });
    const request = BouncerRegisterRequest.safeParse(Object.fromEntries(new URLSearchParams(body)));
    if (!request.success) return reply(res, 400, { result: 'error', code: 'BAD_REQUEST', msg: 'Invalid registration request' });
    try {
      const { push_account_id, bouncer_public_key, encrypted_push_registration } = request.data;
      const registration = readRegistration(options.keyring.open(bouncer_public_key, encrypted_push_registration), now());
      const deviceId = await options.devices.register(serverUuid, push_account_id, registration, now());
      reply(res, 200, { result: 'success', msg: '', device_id: deviceId });
    } catch (error) {
      if (!(error instanceof BouncerRefusal)) throw error;
      reply(res, 400, { result: 'error', code: error.code, msg: error.message });
    }
  }

  await listenOn(server, options.port, options.host);
  const port = (server.address() as AddressInfo).port;
  options.logger.info({ port }, 'push bouncer listening');
  return { port, close: () => closeServer(server) };
}

const reply = (res: ServerResponse, status: number, body: Record<string, unknown>): void => {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
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
