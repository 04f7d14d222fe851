import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { buffer } from 'node:stream/consumers';
import * as tus from 'tus-js-client';
import { DEFAULT_MAX_FILE_UPLOAD_SIZE_MIB, Role } from '@zulip-es/contracts';
import { ObjectStore, StackEndpointsSchema } from '@zulip-es/platform';
import { api, basicAuth, createUser, owner, systemInfo, type Credentials } from '@zulip-es/testing';
/** Raw tus 1.0.0 requests, for the steps tus-js-client hides (offsets, interruptions, refusals). */
interface TusResponse {
  status: number;
  headers: Headers;
  text: string;
}

const tusUrl = (baseUrl = systemInfo().gatewayUrl): string => `${baseUrl}/api/v1/tus`;

const metadataHeader = (metadata: Record<string, string>): string =>
  Object.entries(metadata)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',');

async function tusRequest(
  method: string,
  url: string,
  options: { auth?: Credentials; headers?: Record<string, string>; body?: Buffer } = {},
): Promise<TusResponse> {
  const headers: Record<string, string> = { 'Tus-Resumable': '1.0.0', ...options.headers };
  if (options.auth) headers.Authorization = basicAuth(options.auth);
  if (options.body) headers['Content-Type'] = 'application/offset+octet-stream';
  const res = await fetch(url, { method, headers, body: options.body });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

/** POST: a new upload of `length` bytes; its URL is the Location header. */
const createUpload = (auth: Credentials | undefined, length: number, metadata: Record<string, string> = {}, baseUrl?: string) =>
  tusRequest('POST', tusUrl(baseUrl), { auth, headers: { 'Upload-Length': String(length), 'Upload-Metadata': metadataHeader(metadata) } });

const patchUpload = (auth: Credentials | undefined, url: string, offset: number, body: Buffer) =>
  tusRequest('PATCH', url, { auth, headers: { 'Upload-Offset': String(offset) }, body });

const uploadOffset = async (auth: Credentials | undefined, url: string): Promise<TusResponse & { offset: number }> => {
  const res = await tusRequest('HEAD', url, { auth });
  return { ...res, offset: Number(res.headers.get('upload-offset')) };
};

/**
 * A PATCH that announces all of `total` but sends only `sent` bytes before the connection breaks,
 * as a client losing its network half-way.
 */
function interruptedPatch(auth: Credentials, url: string, offset: number, total: Buffer, sent: number): Promise<void> {
  return new Promise((resolve) => {
    const req = request(url, {
      method: 'PATCH',
      headers: {
        'Tus-Resumable': '1.0.0',
        Authorization: basicAuth(auth),
        'Content-Type': 'application/offset+octet-stream',
        'Upload-Offset': String(offset),
        'Content-Length': String(total.length),
      },
    });
    req.on('error', () => resolve());
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve());
    });
    req.write(total.subarray(0, sent), () => setTimeout(() => req.destroy(), 300));
  });
}

const MIB = 1024 * 1024;
const PATH = /^\/user_uploads\/(\d+)\/[0-9a-f]{2}\/[A-Za-z0-9_-]{24}\/([^/]+)$/;
const bucket = new ObjectStore(StackEndpointsSchema.parse(process.env));
const pathIdOf = (url: string) => url.slice('/user_uploads/'.length);
/** The path id a tus upload URL names (base64url in its last segment). */
const pathIdOfUpload = (uploadUrl: string) => Buffer.from(uploadUrl.slice(uploadUrl.lastIndexOf('/') + 1), 'base64url').toString('utf8');
const bytesOf = async (pathId: string) => buffer(await bucket.read(pathId));

interface AttachmentsBody {
  attachments: { id: number; name: string; path_id: string; size: number }[];
}
const attachmentsOf = async (auth: Credentials) =>
  ((await api('GET', '/attachments', { auth })).body as unknown as AttachmentsBody).attachments;

/** tus-js-client, as a Zulip client uses the endpoint: resolves with the last PATCH's JSON body. */
function clientUpload(
  auth: Credentials,
  bytes: Buffer,
  metadata: Record<string, string>,
  options: { chunkSize?: number } = {},
): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const upload = new tus.Upload(bytes, {
      endpoint: tusUrl(),
      headers: { Authorization: basicAuth(auth) },
      metadata,
      chunkSize: options.chunkSize,
      retryDelays: [],
      onError: reject,
      onAfterResponse: (_req, res) => {
        if (res.getStatus() === 200 && res.getBody()) {
          try {
            resolve(JSON.parse(res.getBody()) as Record<string, unknown>);
          } catch (error) {
            reject(error as Error);
          }
        }
      },
    });
    upload.start();
  });
}

describe('uploads: tus resumable uploads at /api/v1/tus', () => {
  it("turns a complete upload into the uploader's attachment and answers its URL as POST /user_uploads does", async () => {
    const user = await createUser();
    const bytes = randomBytes(300 * 1024);
    const body = await clientUpload(user, bytes, { filename: 'big report.pdf', filetype: 'application/pdf' }, { chunkSize: 100 * 1024 });

    const url = body.url as string;
    expect(body).toEqual({ result: 'success', msg: '', uri: url, url, filename: 'big report.pdf' });
    expect(url).toMatch(PATH);
    expect(url.match(PATH)![2]).toBe('big-report.pdf');
    expect((await bytesOf(pathIdOf(url))).equals(bytes)).toBe(true);
    expect(await bucket.stat(pathIdOf(url))).toEqual({ size: bytes.length, contentType: 'application/pdf' });
    expect(await attachmentsOf(user)).toEqual([
      expect.objectContaining({ name: 'big report.pdf', path_id: pathIdOf(url), size: bytes.length }),
    ]);
    // The upload's state is gone from the bucket; the finished upload is no longer a tus upload.
    expect(await bucket.stat(`${pathIdOf(url)}.info`)).toBeNull();
    expect(await bucket.stat(`${pathIdOf(url)}.part`)).toBeNull();
  });

  it('resumes an upload cut off half-way: HEAD gives the offset, PATCH goes on from there, the object has every byte', async () => {
    const user = await createUser();
    const bytes = randomBytes(10 * MIB + 17);
    const created = await createUpload(user, bytes.length, { filename: 'video.bin' });
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    expect(location).toMatch(/\/api\/v1\/tus\/[A-Za-z0-9_-]+$/);

    await interruptedPatch(user, location, 0, bytes, 6 * MIB);
    const { status, offset } = await uploadOffset(user, location);
    expect(status).toBe(200);
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThanOrEqual(6 * MIB);

    const rest = await patchUpload(user, location, offset, bytes.subarray(offset));
    expect(rest.status).toBe(200);
    const { url } = JSON.parse(rest.text) as { url: string };
    expect(url).toBe(`/user_uploads/${pathIdOfUpload(location)}`);
    expect((await bytesOf(pathIdOf(url))).equals(bytes)).toBe(true);
    expect((await attachmentsOf(user)).map((a) => a.size)).toEqual([bytes.length]);
  });

  it('takes an upload in PATCHes of any size, each answered with the new offset', async () => {
    const user = await createUser();
    const bytes = Buffer.from('hello, resumable world');
    const location = (await createUpload(user, bytes.length, { filename: 'hello.txt', filetype: 'text/plain' })).headers.get('location')!;
    const first = await patchUpload(user, location, 0, bytes.subarray(0, 5));
    expect(first.status).toBe(204);
    expect(first.headers.get('upload-offset')).toBe('5');
    expect((await uploadOffset(user, location)).offset).toBe(5);
    // A PATCH at the wrong offset is refused (tus: 409).
    expect((await patchUpload(user, location, 3, bytes.subarray(3))).status).toBe(409);
    const last = await patchUpload(user, location, 5, bytes.subarray(5));
    expect(last.status).toBe(200);
    expect(JSON.parse(last.text)).toMatchObject({ result: 'success', filename: 'hello.txt' });
    expect((await bytesOf(pathIdOfUpload(location))).toString()).toBe('hello, resumable world');
    // Finished: no more tus upload under that URL.
    expect((await uploadOffset(user, location)).status).toBe(404);
  });

  it('takes a whole file in the creation request (creation-with-upload) and answers its URL at once', async () => {
    const user = await createUser();
    const bytes = Buffer.from('all at once');
    const res = await tusRequest('POST', tusUrl(), {
      auth: user,
      headers: { 'Upload-Length': String(bytes.length), 'Upload-Metadata': `filename ${Buffer.from('once.txt').toString('base64')}` },
      body: bytes,
    });
    expect(res.status).toBe(200);
    const { url, filename } = JSON.parse(res.text) as { url: string; filename: string };
    expect(filename).toBe('once.txt');
    expect((await bytesOf(pathIdOf(url))).toString()).toBe('all at once');
  });

  it('records an empty upload, finished at its creation, with an empty object', async () => {
    const user = await createUser();
    const res = await createUpload(user, 0, { filename: 'empty.txt', filetype: 'text/plain' });
    expect(res.status).toBe(200);
    const { url } = JSON.parse(res.text) as { url: string };
    expect(await bucket.stat(pathIdOf(url))).toEqual({ size: 0, contentType: 'text/plain' });
    expect(await attachmentsOf(user)).toEqual([expect.objectContaining({ name: 'empty.txt', size: 0 })]);
  });

  describe('authentication and ownership', () => {
    it('refuses every request without credentials or with a wrong key as the rest of the API does', async () => {
      const user = await createUser();
      const location = (await createUpload(user, 10, { filename: 'a.txt' })).headers.get('location')!;
      const wrongKey = { email: user.email, apiKey: 'a'.repeat(32) };
      for (const auth of [undefined, wrongKey]) {
        const refusals = [
          await createUpload(auth, 10, { filename: 'a.txt' }),
          await patchUpload(auth, location, 0, Buffer.from('0123456789')),
          await tusRequest('DELETE', location, { auth }),
        ];
        for (const res of refusals) {
          expect(res.status).toBe(401);
          expect(res.headers.get('www-authenticate')).toBe('Basic realm="zulip"');
          expect(JSON.parse(res.text)).toMatchObject({ result: 'error', code: auth ? 'INVALID_API_KEY' : 'UNAUTHORIZED' });
        }
        expect((await uploadOffset(auth, location)).status).toBe(401);
      }
      expect((await uploadOffset(user, location)).offset).toBe(0);
    });

    it('refuses a deactivated user', async () => {
      const user = await createUser();
      expect((await api('DELETE', `/users/${user.userId}`, { auth: owner() })).status).toBe(200);
      const res = await createUpload(user, 10, { filename: 'a.txt' });
      expect(res.status).toBe(401);
      expect(JSON.parse(res.text)).toMatchObject({ code: 'USER_DEACTIVATED' });
    });

    it("answers another user's upload as if it did not exist, and leaves it to its owner", async () => {
      const [user, other] = [await createUser(), await createUser({ role: Role.ADMINISTRATOR })];
      const bytes = Buffer.from('mine, not yours');
      const location = (await createUpload(user, bytes.length, { filename: 'mine.txt' })).headers.get('location')!;
      expect((await uploadOffset(other, location)).status).toBe(404);
      expect((await patchUpload(other, location, 0, bytes)).status).toBe(404);
      expect((await tusRequest('DELETE', location, { auth: other })).status).toBe(404);
      expect(await attachmentsOf(other)).toEqual([]);

      expect((await patchUpload(user, location, 0, bytes)).status).toBe(200);
      expect((await bytesOf(pathIdOfUpload(location))).toString()).toBe('mine, not yours');
    });

    it('answers discovery (OPTIONS) without credentials', async () => {
      const res = await fetch(tusUrl(), { method: 'OPTIONS' });
      expect(res.status).toBe(204);
      expect(res.headers.get('tus-version')).toBe('1.0.0');
      expect(res.headers.get('tus-extension')).toContain('creation');
      expect(res.headers.get('tus-extension')).toContain('termination');
      expect(Number(res.headers.get('tus-max-size'))).toBe(DEFAULT_MAX_FILE_UPLOAD_SIZE_MIB * MIB);
    });
  });

  it('refuses an upload over MAX_FILE_UPLOAD_SIZE_MIB at creation (413) and takes one of exactly the limit', async () => {
    const user = await createUser();
    const over = await createUpload(user, DEFAULT_MAX_FILE_UPLOAD_SIZE_MIB * MIB + 1, { filename: 'huge.bin' });
    expect(over.status).toBe(413);
    expect(over.headers.get('location')).toBeNull();
    const exact = await createUpload(user, DEFAULT_MAX_FILE_UPLOAD_SIZE_MIB * MIB, { filename: 'limit.bin' });
    expect(exact.status).toBe(201);
    expect((await tusRequest('DELETE', exact.headers.get('location')!, { auth: user })).status).toBe(204);
  });

  it('refuses at creation a file name longer than an attachment name may be', async () => {
    const user = await createUser();
    const res = await createUpload(user, 10, { filename: `${'x'.repeat(252)}.txt` });
    expect(res.status).toBe(400);
    expect(JSON.parse(res.text)).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'filename is too long (limit: 255 characters)' });
    expect(res.headers.get('location')).toBeNull();
  });

  it('terminates an upload under way: DELETE removes its bytes and state, and the URL is gone', async () => {
    const user = await createUser();
    const bytes = randomBytes(1000);
    const location = (await createUpload(user, bytes.length, { filename: 'gone.bin' })).headers.get('location')!;
    expect((await patchUpload(user, location, 0, bytes.subarray(0, 400))).status).toBe(204);
    const pathId = pathIdOfUpload(location);
    expect(await bucket.stat(`${pathId}.info`)).not.toBeNull();

    expect((await tusRequest('DELETE', location, { auth: user })).status).toBe(204);
    expect((await uploadOffset(user, location)).status).toBe(404);
    expect((await patchUpload(user, location, 400, bytes.subarray(400))).status).toBe(404);
    for (const key of [pathId, `${pathId}.info`, `${pathId}.part`]) expect(await bucket.stat(key)).toBeNull();
    expect(await attachmentsOf(user)).toEqual([]);
  });
});
