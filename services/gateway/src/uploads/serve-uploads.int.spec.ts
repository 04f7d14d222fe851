import { randomBytes } from 'node:crypto';
import { DEVELOPMENT_SECRETS } from '@zulip-es/platform';
import {
  api,
  basicAuth,
  createChannel,
  createUser,
  owner as ownerCredentials,
  systemInfo,
  uniqueChannelName,
  uploadFile,
  type Credentials,
} from '@zulip-es/testing';
import { TemporaryUrls } from './temporary-url';

const upload = async (auth: Credentials, name: string, content: Buffer | string, type = 'text/plain'): Promise<string> =>
  (await uploadFile(auth, name, content, type)).url;

/** A GET of a non-API URL of the gateway (`/user_uploads/...`), with the caller's Basic credentials. */
const get = (path: string, auth?: Credentials, headers: Record<string, string> = {}) =>
  fetch(`${systemInfo().gatewayUrl}${path}`, { headers: { ...headers, ...(auth ? { authorization: basicAuth(auth) } : {}) } });

describe('serving uploads: /user_uploads/<path>, its download and temporary URLs', () => {
  it('serves the uploader their file, with its type, length, inline disposition and private caching', async () => {
    const user = await createUser();
    const url = await upload(user, 'hello.txt', 'hello, world');

    const res = await get(url, user);

    expect(res.status).toBe(200);
    expect(await res.text()).toBe('hello, world');
    expect(res.headers.get('content-type')).toBe('text/plain');
    expect(res.headers.get('content-length')).toBe('12');
    expect(res.headers.get('content-disposition')).toBe('inline; filename="hello.txt"');
    expect(res.headers.get('cache-control')).toBe('private, immutable');
    expect(res.headers.get('accept-ranges')).toBe('bytes');
  });

  it('serves a byte range, and refuses one past the end', async () => {
    const user = await createUser();
    const bytes = randomBytes(1000);
    const url = await upload(user, 'data.bin', bytes, 'application/octet-stream');

    const part = await get(url, user, { range: 'bytes=100-199' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 100-199/1000');
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(100, 200))).toBe(true);
    expect(part.headers.get('content-disposition')).toBe('attachment; filename="data.bin"');

    const beyond = await get(url, user, { range: 'bytes=1000-' });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe('bytes */1000');
  });

  it('offers the file as a download under /user_uploads/download/', async () => {
    const user = await createUser();
    const url = await upload(user, 'cat.png', randomBytes(64), 'image/png');
    expect((await get(url, user)).headers.get('content-disposition')).toBe('inline; filename="cat.png"');

    const res = await get(url.replace('/user_uploads/', '/user_uploads/download/'), user);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="cat.png"');
  });

  it("refuses a user who may not read it (no message claims it) with Zulip's 403 page", async () => {
    const [owner, other] = [await createUser(), await createUser()];
    const url = await upload(owner, 'secret.txt', 'secret');

    const res = await get(url, other);
    expect(res.status).toBe(403);
    expect(await res.text()).toBe('<p>You are not authorized to view this file.</p>');
  });

  it('lets readers of a message that links the file read it, and not others', async () => {
    const [owner, reader, outsider] = [await createUser(), await createUser(), await createUser()];
    const url = await upload(owner, 'shared.txt', 'for the channel');
    const name = uniqueChannelName('uploads');
    await createChannel({ name, subscribers: [owner.userId, reader.userId], invite_only: true });
    const sent = await api('POST', '/messages', {
      auth: owner,
      params: { type: 'stream', to: name, topic: 'files', content: `[shared.txt](${url})` },
    });
    expect(sent.status).toBe(200);

    expect((await get(url, reader)).status).toBe(200);
    expect((await get(url, outsider)).status).toBe(403);
  });

  it("answers Zulip's 404 page for a path that is no upload, or one deleted", async () => {
    const user = await createUser();
    const res = await get('/user_uploads/1/ab/AAAAAAAAAAAAAAAAAAAAAAAA/nothing.txt', user);
    expect(res.status).toBe(404);
    expect(await res.text()).toBe('<p>This file does not exist or has been deleted.</p>');

    const url = await upload(user, 'gone.txt', 'bye');
    const [attachment] = (await api('GET', '/attachments', { auth: user })).body.attachments as { id: number }[];
    expect((await api('DELETE', `/attachments/${attachment!.id}`, { auth: user })).status).toBe(200);
    expect((await get(url, user)).status).toBe(404);
  });

  it("requires the API's authentication: none, a wrong key and a deactivated user are refused", async () => {
    const user = await createUser();
    const url = await upload(user, 'private.txt', 'mine');

    const anonymous = await get(url);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toBe('Basic realm="zulip"');
    expect((await get(url, { email: user.email, apiKey: 'a'.repeat(32) })).status).toBe(401);

    const deactivated = await createUser();
    const theirs = await upload(deactivated, 'theirs.txt', 'x');
    expect((await api('DELETE', `/users/${deactivated.userId}`, { auth: ownerCredentials() })).status).toBe(200);
    expect((await get(theirs, deactivated)).status).toBe(401);
  });

  describe('GET /api/v1/user_uploads/<path>: a temporary URL', () => {
    it('gives the uploader a URL that serves the file without credentials', async () => {
      const user = await createUser();
      const url = await upload(user, 'temp.txt', 'temporary');

      const res = await api('GET', url, { auth: user });
      expect(res.status).toBe(200);
      const temporary = (res.body as { url: string }).url;
      expect(res.body).toEqual({ result: 'success', msg: '', url: temporary });
      expect(temporary).toMatch(/^\/user_uploads\/temporary\/[^/]+\/temp\.txt$/);

      const served = await get(temporary);
      expect(served.status).toBe(200);
      expect(await served.text()).toBe('temporary');
    });

    it('refuses a forged token and a changed file name', async () => {
      const user = await createUser();
      const url = await upload(user, 'temp2.txt', 'x');
      const temporary = ((await api('GET', url, { auth: user })).body as { url: string }).url;

      const forged = await get(temporary.replace(/temporary\/[^/.]+/, 'temporary/eyJwIjoiMSJ9'));
      expect(forged.status).toBe(400);
      expect(await forged.json()).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'Invalid token' });
      const renamed = await get(temporary.replace(/temp2\.txt$/, 'other.txt'));
      expect(await renamed.json()).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'Invalid filename' });
    });

    it('refuses a URL signed with the public development secret: the system runs with a secret of its own', async () => {
      const user = await createUser();
      const url = await upload(user, 'signed.txt', 'x');
      const pathId = url.slice('/user_uploads/'.length);
      const forged = new TemporaryUrls(DEVELOPMENT_SECRETS.UPLOAD_URL_SECRET).urlFor(pathId, new Date());
      const res = await get(forged);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'Invalid token' });
    });

    it('gives no URL to a user who may not read the file', async () => {
      const [owner, other] = [await createUser(), await createUser()];
      const url = await upload(owner, 'nope.txt', 'x');
      const res = await fetch(`${systemInfo().gatewayUrl}/api/v1${url}`, { headers: { authorization: basicAuth(other) } });
      expect(res.status).toBe(403);
    });
  });
});
