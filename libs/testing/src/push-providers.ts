import { generateKeyPairSync, randomBytes, verify, type KeyObject } from 'node:crypto';
import { connect, createServer, type Http2Server, type IncomingHttpHeaders, type ServerHttp2Stream } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { jsonOrUndefined } from '@zulip-es/platform';

/** A push one of the fake providers took. */
export interface ReceivedPush {
  provider: 'fcm' | 'apns';
  token: string;
  /** APNs: the `apns-topic` (the app id). */
  topic?: string;
  /** FCM: the message's `data`; APNs: the posted JSON. */
  payload: Record<string, unknown>;
}

/** Credentials the fakes check, made for one run: what an operator would configure for the real providers. */
export interface FakeProviderCredentials {
  fcmServiceAccount: { project_id: string; client_email: string; private_key: string; private_key_id: string; token_uri: string };
  apns: { keyPem: string; keyId: string; teamId: string };
}

const FCM_SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
const HEX = /^[0-9a-fA-F]+$/;

/**
 * FCM (HTTP v1, with Google's OAuth token endpoint) and APNs (HTTP/2, token authentication) on one
 * local cleartext HTTP/2 server, playing the providers' side: they check what the real ones check
 * (the service account's RS256 assertion and the bearer tokens it buys; APNs' ES256 provider token,
 * its key id and team; the topic; a hex device token) and answer a token marked dead as the real
 * ones do (FCM `UNREGISTERED`, APNs 410 `Unregistered`). Tests read what was pushed and mark
 * tokens dead through `/_fake/*` routes (`FakeProvidersClient`).
 */
export class FakePushProviders {
  private readonly received: ReceivedPush[] = [];
  private readonly dead = new Set<string>();
  private readonly accessTokens = new Set<string>();
  private readonly listeners = new Set<(push: ReceivedPush) => void>();

  private constructor(
    private readonly server: Http2Server,
    readonly credentials: FakeProviderCredentials,
    private readonly keys: { fcm: KeyObject; apns: KeyObject },
  ) {}

  static async start(port = 0, host = '127.0.0.1'): Promise<FakePushProviders> {
    const fcm = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const apns = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
    const url = `http://${host}:${(server.address() as AddressInfo).port}`;
    const credentials: FakeProviderCredentials = {
      fcmServiceAccount: {
        project_id: 'zulip-es-test',
        client_email: 'push@zulip-es-test.iam.gserviceaccount.com',
        private_key: fcm.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        private_key_id: randomBytes(8).toString('hex'),
        token_uri: `${url}/token`,
      },
      apns: { keyPem: apns.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), keyId: 'ABC123DEFG', teamId: 'DEF123GHIJ' },
    };
    const fake = new FakePushProviders(server, credentials, { fcm: fcm.publicKey, apns: apns.publicKey });
    server.on('stream', (stream, headers) => fake.serve(stream, headers));
    return fake;
  }

  /** Calls `listener` with each push as it is taken (the bench times deliveries by it); returns how to stop. */
  onPush(listener: (push: ReceivedPush) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private serve(stream: ServerHttp2Stream, headers: IncomingHttpHeaders): void {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      const url = new URL(String(headers[':path']), 'http://fake');
      const answer = this.route(String(headers[':method']), url, headers, Buffer.concat(chunks).toString('utf8'));
      stream.respond({ ':status': answer.status, 'content-type': 'application/json', ...answer.headers });
      stream.end(JSON.stringify(answer.body ?? {}));
    });
    stream.on('error', () => undefined);
  }

  private route(method: string, url: URL, headers: IncomingHttpHeaders, body: string): Answer {
    if (method === 'POST' && url.pathname === '/token') return this.grant(new URLSearchParams(body));
    if (method === 'POST' && /^\/v1\/projects\/[^/]+\/messages:send$/.test(url.pathname)) return this.fcmSend(url.pathname, headers, body);
    if (method === 'POST' && url.pathname.startsWith('/3/device/'))
      return this.apnsSend(decodeURIComponent(url.pathname.slice('/3/device/'.length)), headers, body);
    if (method === 'GET' && url.pathname === '/_fake/received') {
      const token = url.searchParams.get('token');
      return { status: 200, body: { received: this.received.filter((r) => token === null || r.token === token) } };
    }
    if (method === 'POST' && url.pathname === '/_fake/dead') {
      this.dead.add(url.searchParams.get('token') ?? '');
      return { status: 200 };
    }
    return { status: 404, body: { error: 'not found' } };
  }

  private took(push: ReceivedPush): void {
    this.received.push(push);
    for (const listener of this.listeners) listener(push);
  }

  /** Google's JWT-bearer grant: an access token for a valid assertion of the service account. */
  private grant(form: URLSearchParams): Answer {
    const account = this.credentials.fcmServiceAccount;
    const jwt = readJwt(form.get('assertion') ?? '', this.keys.fcm, 'RS256');
    const claims = jwt?.claims;
    const valid =
      form.get('grant_type') === 'urn:ietf:params:oauth:grant-type:jwt-bearer' &&
      claims?.iss === account.client_email &&
      claims.aud === account.token_uri &&
      String(claims.scope).split(' ').includes(FCM_SCOPE) &&
      Number(claims.exp) > Date.now() / 1000;
    if (!valid) return { status: 400, body: { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' } };
    const accessToken = randomBytes(16).toString('hex');
    this.accessTokens.add(accessToken);
    return { status: 200, body: { access_token: accessToken, expires_in: 3599, token_type: 'Bearer' } };
  }

  private fcmSend(path: string, headers: IncomingHttpHeaders, body: string): Answer {
    const bearer = String(headers.authorization ?? '').replace(/^Bearer /, '');
    if (!this.accessTokens.has(bearer)) return fcmError(401, 'UNAUTHENTICATED');
    if (!path.includes(`/projects/${this.credentials.fcmServiceAccount.project_id}/`)) return fcmError(403, 'PERMISSION_DENIED');
    const message = (jsonOrUndefined(body) as { message?: { token?: string; data?: Record<string, unknown> } } | undefined)?.message;
    const data = message?.data ?? {};
    if (!message?.token || Object.values(data).some((v) => typeof v !== 'string')) return fcmError(400, 'INVALID_ARGUMENT');
    if (this.dead.has(message.token)) return fcmError(404, 'NOT_FOUND', 'UNREGISTERED');
    this.took({ provider: 'fcm', token: message.token, payload: data });
    return { status: 200, body: { name: `projects/${this.credentials.fcmServiceAccount.project_id}/messages/${this.received.length}` } };
  }

  private apnsSend(token: string, headers: IncomingHttpHeaders, body: string): Answer {
    const jwt = readJwt(String(headers.authorization ?? '').replace(/^bearer /, ''), this.keys.apns, 'ES256');
    const { keyId, teamId } = this.credentials.apns;
    if (!jwt || jwt.header.kid !== keyId || jwt.claims.iss !== teamId || Number(jwt.claims.iat) < Date.now() / 1000 - 3600) {
      return { status: 403, body: { reason: 'InvalidProviderToken' } };
    }
    const topic = headers['apns-topic'];
    if (typeof topic !== 'string' || topic === '') return { status: 400, body: { reason: 'MissingTopic' } };
    if (!HEX.test(token)) return { status: 400, body: { reason: 'BadDeviceToken' } };
    if (this.dead.has(token)) return { status: 410, body: { reason: 'Unregistered', timestamp: Date.now() } };
    const payload = jsonOrUndefined(body);
    if (typeof payload !== 'object' || payload === null) return { status: 400, body: { reason: 'PayloadEmpty' } };
    this.took({ provider: 'apns', token, topic, payload: payload as Record<string, unknown> });
    return { status: 200, headers: { 'apns-id': randomBytes(16).toString('hex') } };
  }
}

interface Answer {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
}

const fcmError = (code: number, status: string, errorCode?: string): Answer => ({
  status: code,
  body: {
    error: {
      code,
      status,
      message: status,
      details: errorCode ? [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode }] : [],
    },
  },
});

/** A compact JWS's header and claims, when its signature is `alg` by `key`'s private half. */
function readJwt(
  jwt: string,
  key: KeyObject,
  alg: 'RS256' | 'ES256',
): { header: Record<string, unknown>; claims: Record<string, unknown> } | null {
  const [header, claims, signature] = jwt.split('.');
  if (!header || !claims || !signature) return null;
  const decoded = (part: string) => jsonOrUndefined(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown> | undefined;
  const h = decoded(header);
  const c = decoded(claims);
  if (!h || !c || h.alg !== alg) return null;
  const signed = Buffer.from(`${header}.${claims}`);
  const ok = verify('sha256', signed, alg === 'ES256' ? { key, dsaEncoding: 'ieee-p1363' } : key, Buffer.from(signature, 'base64url'));
  return ok ? { header: h, claims: c } : null;
}

/** A test's handle on the fake providers of the system under test (another process). */
export class FakeProvidersClient {
  constructor(private readonly url: string) {}

  /** What the fakes took for `token`, in order. */
  async received(token: string): Promise<ReceivedPush[]> {
    const answer = (await this.request('GET', `/_fake/received?token=${encodeURIComponent(token)}`)) as { received: ReceivedPush[] };
    return answer.received;
  }

  /** From now on, the providers answer pushes to `token` as to a token the app no longer holds. */
  async markDead(token: string): Promise<void> {
    await this.request('POST', `/_fake/dead?token=${encodeURIComponent(token)}`);
  }

  private request(method: string, path: string): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const session = connect(this.url);
      session.on('error', reject);
      const req = session.request({ ':method': method, ':path': path });
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        session.close();
        resolve(jsonOrUndefined(Buffer.concat(chunks).toString('utf8')));
      });
      req.on('error', reject);
      req.end();
    });
  }
}
