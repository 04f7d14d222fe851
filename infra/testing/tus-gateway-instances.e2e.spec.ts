import { randomBytes } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { DEFAULT_MAX_FILE_UPLOAD_SIZE_MIB, fileTooLargeMessage } from '../../libs/contracts/src';
import { ObjectStore, StackEndpointsSchema } from '../../libs/platform/src';
import { api, basicAuth, createUser, systemInfo, type Credentials } from '../../libs/testing/src';
import { extraPort, startInstance } from './extra-processes';

const MIB = 1024 * 1024;

const tus = (method: string, url: string, auth: Credentials, headers: Record<string, string> = {}, body?: Buffer) =>
  fetch(url, {
    method,
    headers: {
      'Tus-Resumable': '1.0.0',
      Authorization: basicAuth(auth),
      ...(body ? { 'Content-Type': 'application/offset+octet-stream' } : {}),
      ...headers,
    },
    body,
  });

describe('tus uploads across gateway instances and configurations', () => {
  it('resumes through another gateway an upload whose first gateway stopped half-way (its state is in the bucket)', async () => {
    const user = await createUser();
    const bytes = randomBytes(7 * MIB);
    const gateway = await startInstance('gateway', 'gateway-tus', extraPort(40), { INSTANCE_ID: 'gw-test-tus' });
    let location: string;
    try {
      const created = await tus('POST', `${gateway.url}/api/v1/tus`, user, {
        'Upload-Length': String(bytes.length),
        'Upload-Metadata': `filename ${Buffer.from('restart.bin').toString('base64')}`,
      });
      expect(created.status).toBe(201);
      location = created.headers.get('location')!;
      expect(location.startsWith(gateway.url)).toBe(true);
      expect((await tus('PATCH', location, user, { 'Upload-Offset': '0' }, bytes.subarray(0, 3 * MIB))).status).toBe(204);
    } finally {
      await gateway.stop();
    }

    const elsewhere = `${systemInfo().gatewayUrl}/api/v1/tus/${location.slice(location.lastIndexOf('/') + 1)}`;
    const head = await tus('HEAD', elsewhere, user);
    expect(head.status).toBe(200);
    expect(head.headers.get('upload-offset')).toBe(String(3 * MIB));
    const last = await tus('PATCH', elsewhere, user, { 'Upload-Offset': String(3 * MIB) }, bytes.subarray(3 * MIB));
    expect(last.status).toBe(200);
    const { url, filename } = (await last.json()) as { url: string; filename: string };
    expect(filename).toBe('restart.bin');

    const pathId = url.slice('/user_uploads/'.length);
    const bucket = new ObjectStore(StackEndpointsSchema.parse(process.env));
    expect((await buffer(await bucket.read(pathId))).equals(bytes)).toBe(true);
    const listed = (await api('GET', '/attachments', { auth: user })).body.attachments as { path_id: string; size: number }[];
    expect(listed).toEqual([expect.objectContaining({ path_id: pathId, size: bytes.length })]);
  });

  it('ends a PATCH stalled on one gateway when the client goes on through another, which then takes the upload (shared locks)', async () => {
    const user = await createUser();
    const bytes = randomBytes(2 * MIB);
    const gateway = await startInstance('gateway', 'gateway-tus-stalled', extraPort(42), { INSTANCE_ID: 'gw-test-tus-stalled' });
    try {
      const created = await tus('POST', `${gateway.url}/api/v1/tus`, user, {
        'Upload-Length': String(bytes.length),
        'Upload-Metadata': `filename ${Buffer.from('stalled.bin').toString('base64')}`,
      });
      const location = created.headers.get('location')!;
      // A half-open connection: the first MiB sent, then nothing, and the body never ends.
      const stalledBody = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(bytes.subarray(0, MIB));
        },
      });
      const stalled = fetch(location, {
        method: 'PATCH',
        headers: {
          'Tus-Resumable': '1.0.0',
          Authorization: basicAuth(user),
          'Content-Type': 'application/offset+octet-stream',
          'Upload-Offset': '0',
        },
        body: stalledBody,
        duplex: 'half',
      } as RequestInit).then(
        (res) => `answered ${res.status}`,
        () => 'connection ended',
      );
      await new Promise((resolve) => setTimeout(resolve, 500));

      const elsewhere = `${systemInfo().gatewayUrl}/api/v1/tus/${location.slice(location.lastIndexOf('/') + 1)}`;
      const head = await tus('HEAD', elsewhere, user);
      expect(head.status).toBe(200);
      // The other gateway asked the stalled request's gateway to let go: that request is over.
      const ended = await Promise.race([stalled, new Promise((resolve) => setTimeout(() => resolve('still stalled'), 5_000))]);
      expect(ended).not.toBe('still stalled');

      const offset = Number(head.headers.get('upload-offset'));
      const last = await tus('PATCH', elsewhere, user, { 'Upload-Offset': String(offset) }, bytes.subarray(offset));
      expect(last.status).toBe(200);
      const { url } = (await last.json()) as { url: string };
      const bucket = new ObjectStore(StackEndpointsSchema.parse(process.env));
      expect((await buffer(await bucket.read(url.slice('/user_uploads/'.length)))).equals(bytes)).toBe(true);
    } finally {
      await gateway.stop();
    }
  });

  it('removes a finished upload whose record the uploads service refuses, and answers its refusal', async () => {
    // A gateway allowing more than the uploads service (25 MiB): the service refuses the record.
    const user = await createUser();
    const size = DEFAULT_MAX_FILE_UPLOAD_SIZE_MIB * MIB + 1;
    const gateway = await startInstance('gateway', 'gateway-tus-large', extraPort(41), {
      INSTANCE_ID: 'gw-test-tus-large',
      MAX_FILE_UPLOAD_SIZE_MIB: String(DEFAULT_MAX_FILE_UPLOAD_SIZE_MIB + 1),
    });
    try {
      const created = await tus('POST', `${gateway.url}/api/v1/tus`, user, {
        'Upload-Length': String(size),
        'Upload-Metadata': `filename ${Buffer.from('large.bin').toString('base64')}`,
      });
      expect(created.status).toBe(201);
      const location = created.headers.get('location')!;
      const last = await tus('PATCH', location, user, { 'Upload-Offset': '0' }, Buffer.alloc(size, 7));
      expect(last.status).toBe(400);
      expect(await last.json()).toEqual({
        result: 'error',
        code: 'BAD_REQUEST',
        msg: fileTooLargeMessage(DEFAULT_MAX_FILE_UPLOAD_SIZE_MIB),
      });

      const pathId = Buffer.from(location.slice(location.lastIndexOf('/') + 1), 'base64url').toString('utf8');
      const bucket = new ObjectStore(StackEndpointsSchema.parse(process.env));
      for (const key of [pathId, `${pathId}.info`, `${pathId}.part`]) expect(await bucket.stat(key)).toBeNull();
      expect((await api('GET', '/attachments', { auth: user })).body.attachments).toEqual([]);
    } finally {
      await gateway.stop();
    }
  });
});
