import { randomBytes } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { DEFAULT_MAX_FILE_UPLOAD_SIZE_MIB, Role } from '@zulip-es/contracts';
import { ObjectStore, StackEndpointsSchema } from '@zulip-es/platform';
import { api, captureEvents, createUser, owner, type Credentials, type EventCapture } from '@zulip-es/testing';

interface FilePart {
  name: string;
  content: Buffer | string;
  type?: string;
}

const formOf = (files: FilePart[], fields: Record<string, string> = {}): FormData => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  files.forEach((f, i) => form.append(`file-${i}`, new Blob([f.content], { type: f.type ?? 'text/plain' }), f.name));
  return form;
};

const upload = (auth: Credentials | undefined, ...files: FilePart[]) => api('POST', '/user_uploads', { auth, multipart: formOf(files) });

interface AttachmentsBody {
  attachments: { id: number; name: string; path_id: string; size: number; create_time: number; messages: unknown[] }[];
  upload_space_used: number;
}
const attachmentsOf = async (auth: Credentials): Promise<AttachmentsBody> =>
  (await api('GET', '/attachments', { auth })).body as unknown as AttachmentsBody;

const PATH = /^\/user_uploads\/(\d+)\/[0-9a-f]{2}\/[A-Za-z0-9_-]{24}\/([^/]+)$/;

describe('uploads: POST /user_uploads (E21), GET /attachments, DELETE /attachments/{id} (E17)', () => {
  const bucket = new ObjectStore(StackEndpointsSchema.parse(process.env));
  const pathIdOf = (url: string) => url.slice('/user_uploads/'.length);
  let capture: EventCapture;
  beforeAll(async () => {
    capture = await captureEvents('uploads');
  });
  afterAll(() => capture.stop());

  it("stores a file in the bucket, answers its URL and name, and records it as the uploader's attachment", async () => {
    const user = await createUser();
    const before = await attachmentsOf(user);
    const res = await upload(user, { name: 'zulip.txt', content: 'zulip!' });

    expect(res.status).toBe(200);
    const { url } = res.body as { url: string };
    expect(res.body).toEqual({ result: 'success', msg: '', uri: url, url, filename: 'zulip.txt' });
    expect(url).toMatch(PATH);
    expect(url.match(PATH)![2]).toBe('zulip.txt');
    expect((await buffer(await bucket.read(pathIdOf(url)))).toString()).toBe('zulip!');
    expect(await bucket.stat(pathIdOf(url))).toEqual({ size: 6, contentType: 'text/plain' });

    const event = await capture.waitFor((e) => e.type === 'attachment.uploaded.v1' && e.data.pathId === pathIdOf(url));
    expect(event).toMatchObject({
      aggregateId: 'attachments',
      actorId: user.userId,
      data: { ownerId: user.userId, name: 'zulip.txt', size: 6, contentType: 'text/plain' },
    });
    const after = await attachmentsOf(user);
    expect(after.attachments).toEqual([
      {
        id: event.data.attachmentId,
        name: 'zulip.txt',
        path_id: pathIdOf(url),
        size: 6,
        create_time: Math.floor(Date.parse(event.data.createdAt as string) / 1000) * 1000,
        messages: [],
      },
    ]);
    expect(before.attachments).toEqual([]);
    expect(after.upload_space_used).toBeGreaterThanOrEqual(before.upload_space_used + 6);
  });

  it('sanitises the name in the URL (no path, no brackets) and keeps the name given as the filename', async () => {
    const user = await createUser();
    const res = await upload(user, { name: '../[draft] my report%20v2.txt', content: 'x' });

    expect(res.status).toBe(200);
    const { url, filename } = res.body as { url: string; filename: string };
    // The directories a client sends are dropped (as Django's parser drops them), the escape decoded.
    expect(url.match(PATH)![2]).toBe('draft-my-report-v2.txt');
    expect(filename).toBe('[draft] my report v2.txt');
    expect((await attachmentsOf(user)).attachments.map((a) => a.name)).toEqual(['[draft] my report v2.txt']);
  });

  it("stores a file larger than one part of the bucket's upload whole", async () => {
    const user = await createUser();
    const bytes = randomBytes(6 * 1024 * 1024 + 3);
    const res = await upload(user, { name: 'big.bin', content: bytes, type: 'application/octet-stream' });

    expect(res.status).toBe(200);
    const stored = await buffer(await bucket.read(pathIdOf((res.body as { url: string }).url)));
    expect(stored.equals(bytes)).toBe(true);
    expect((await attachmentsOf(user)).attachments[0]).toMatchObject({ name: 'big.bin', size: bytes.length });
  });

  it('refuses a request without a file', async () => {
    const user = await createUser();
    const res = await api('POST', '/user_uploads', { auth: user, multipart: formOf([], { note: 'no file' }) });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'You must specify a file to upload' });
    const plain = await api('POST', '/user_uploads', { auth: user, params: { file: 'not a file' } });
    expect(plain.body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'You must specify a file to upload' });
  });

  it('refuses two files at once and keeps neither', async () => {
    const user = await createUser();
    const res = await upload(user, { name: 'a.txt', content: 'bah!' }, { name: 'b.txt', content: 'pshaw!' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'You may only upload one file at a time' });
    expect(await attachmentsOf(user)).toMatchObject({ attachments: [] });
  });

  it('refuses a file over the size limit and stores nothing', async () => {
    const user = await createUser();
    const space = (await attachmentsOf(owner())).upload_space_used;
    const res = await upload(user, {
      name: 'huge.bin',
      content: Buffer.alloc(DEFAULT_MAX_FILE_UPLOAD_SIZE_MIB * 1024 * 1024 + 1),
      type: 'application/octet-stream',
    });

    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      result: 'error',
      code: 'BAD_REQUEST',
      msg: `File is larger than this server's configured maximum upload size (${DEFAULT_MAX_FILE_UPLOAD_SIZE_MIB} MiB).`,
    });
    expect(await attachmentsOf(user)).toMatchObject({ attachments: [] });
    expect((await attachmentsOf(owner())).upload_space_used).toBe(space);
  });

  it('takes a file of exactly the size limit', async () => {
    const user = await createUser();
    const res = await upload(user, {
      name: 'edge.bin',
      content: Buffer.alloc(DEFAULT_MAX_FILE_UPLOAD_SIZE_MIB * 1024 * 1024),
      type: 'application/octet-stream',
    });
    expect(res.status).toBe(200);
  });

  it('stores nothing for a caller who is not authenticated', async () => {
    const res = await upload(undefined, { name: 'anon.txt', content: 'who?' });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ result: 'error', code: 'UNAUTHORIZED' });
  });

  it('lets guests upload too', async () => {
    const guest = await createUser({ role: Role.GUEST });
    expect((await upload(guest, { name: 'guest.txt', content: 'hi' })).status).toBe(200);
  });

  describe('DELETE /attachments/{attachment_id}', () => {
    it("removes the owner's attachment and its file", async () => {
      const user = await createUser();
      const { url } = (await upload(user, { name: 'gone.txt', content: 'bye' })).body as { url: string };
      const [attachment] = (await attachmentsOf(user)).attachments;
      const space = (await attachmentsOf(user)).upload_space_used;

      const res = await api('DELETE', `/attachments/${attachment!.id}`, { auth: user });

      expect(res.body).toEqual({ result: 'success', msg: '' });
      expect(await attachmentsOf(user)).toMatchObject({ attachments: [] });
      expect((await attachmentsOf(user)).upload_space_used).toBeLessThanOrEqual(space - 3);
      expect(await bucket.stat(pathIdOf(url))).toBeNull();
      const event = await capture.waitFor((e) => e.type === 'attachment.removed.v1' && e.data.attachmentId === attachment!.id);
      expect(event.data).toEqual({ attachmentId: attachment!.id, ownerId: user.userId, pathId: pathIdOf(url), size: 3 });
    });

    it("refuses another user's attachment, even for an administrator, and keeps it", async () => {
      const user = await createUser();
      const { url } = (await upload(user, { name: 'mine.txt', content: 'mine' })).body as { url: string };
      const [attachment] = (await attachmentsOf(user)).attachments;

      for (const other of [await createUser(), owner()]) {
        const res = await api('DELETE', `/attachments/${attachment!.id}`, { auth: other });
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'Invalid attachment' });
      }
      expect((await attachmentsOf(user)).attachments).toHaveLength(1);
      expect(await bucket.stat(pathIdOf(url))).not.toBeNull();
    });

    it('refuses an id that is no attachment, and one already deleted', async () => {
      const user = await createUser();
      expect((await api('DELETE', '/attachments/999999999', { auth: user })).body).toEqual({
        result: 'error',
        code: 'BAD_REQUEST',
        msg: 'Invalid attachment',
      });
      await upload(user, { name: 'twice.txt', content: '2' });
      const [attachment] = (await attachmentsOf(user)).attachments;
      expect((await api('DELETE', `/attachments/${attachment!.id}`, { auth: user })).status).toBe(200);
      expect((await api('DELETE', `/attachments/${attachment!.id}`, { auth: user })).body).toEqual({
        result: 'error',
        code: 'BAD_REQUEST',
        msg: 'Invalid attachment',
      });
    });
  });
});
