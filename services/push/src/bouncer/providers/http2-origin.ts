import { connect, constants, type ClientHttp2Session, type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http2';

export interface Http2Response {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** What a request may take, connection included, before it fails (and the push is tried later). */
const REQUEST_TIMEOUT_MS = 10_000;

/**
 * One provider origin over HTTP/2 (APNs speaks nothing else; FCM and Google's token endpoint
 * take it too). The connection stays open between requests, as APNs asks of providers, and is
 * opened again once it closes or fails; it never keeps the process alive.
 */
export class Http2Origin {
  private session?: ClientHttp2Session;

  constructor(readonly origin: string) {}

  request(method: 'GET' | 'POST', path: string, headers: OutgoingHttpHeaders, body?: string): Promise<Http2Response> {
    return new Promise((resolve, reject) => {
      const req = this.connection().request({ ':method': method, ':path': path, ...headers });
      req.setTimeout(REQUEST_TIMEOUT_MS, () => {
        req.close(constants.NGHTTP2_CANCEL);
        reject(new Error(`${this.origin} did not answer within ${REQUEST_TIMEOUT_MS} ms`));
      });
      let status = 0;
      let responseHeaders: IncomingHttpHeaders = {};
      const chunks: Buffer[] = [];
      req.on('response', (h) => {
        status = Number(h[':status']);
        responseHeaders = h;
      });
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => resolve({ status, headers: responseHeaders, body: Buffer.concat(chunks).toString('utf8') }));
      req.on('error', reject);
      req.end(body);
    });
  }

  close(): void {
    this.session?.close();
    this.session = undefined;
  }

  private connection(): ClientHttp2Session {
    if (this.session && !this.session.closed && !this.session.destroyed) return this.session;
    const session = connect(this.origin);
    // A failed connection fails the requests on it (they see the error); the next one reconnects.
    session.on('error', () => session.destroy());
    session.on('close', () => {
      if (this.session === session) this.session = undefined;
    });
    session.unref();
    this.session = session;
    return session;
  }
}
