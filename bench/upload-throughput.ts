import { randomBytes } from 'node:crypto';
import { Client } from 'minio';
import { StackEndpointsSchema } from '../libs/platform/src/config/stack-endpoints';

export interface UploadThroughputRow {
  label: string;
  files: number;
  fileMb: number;
  /** MB/s of `putObject` straight to the uploads bucket (the floor). */
  rawMbPerSecond: number;
  /** MB/s of `POST /user_uploads` through the gateway, stored and recorded as attachments. */
  uploadMbPerSecond: number;
}

const MB = 1024 * 1024;
/** Sizes a Zulip upload has, under the default 25 MiB limit: screenshots and documents, and the largest. */
const SHAPES = [
  { label: '1 MiB files', files: 40, bytes: 1 * MB },
  { label: '20 MiB files', files: 6, bytes: 20 * MB },
];

/**
 * PERFORMANCE.md: E21 against a direct `putObject` of the same bytes to the same MinIO, one file
 * after another from this process. The floor gets the size up front, as a client's own store
 * call would; an upload is multipart form data through the gateway, which streams it to the
 * bucket (one request under 5 MiB, else 5 MiB parts) and then records it through Kafka.
 */
export async function measureUploadThroughput(gatewayUrl: string, authorization: string): Promise<UploadThroughputRow[]> {
  const endpoints = StackEndpointsSchema.parse(process.env);
  const client = new Client({
    endPoint: endpoints.S3_ENDPOINT,
    port: endpoints.S3_PORT,
    useSSL: endpoints.S3_USE_SSL,
    accessKey: endpoints.S3_ACCESS_KEY,
    secretKey: endpoints.S3_SECRET_KEY,
    region: endpoints.S3_REGION,
    pathStyle: true,
  });
  const rows: UploadThroughputRow[] = [];
  const rawKeys: string[] = [];
  for (const shape of SHAPES) {
    const content = randomBytes(shape.bytes);
    const raw = await timed(shape.files, async (i) => {
      const key = `bench/raw-${randomBytes(6).toString('hex')}-${i}.bin`;
      rawKeys.push(key);
      await client.putObject(endpoints.S3_BUCKET, key, content, content.length, { 'Content-Type': 'application/octet-stream' });
    });
    const upload = await timed(shape.files, async (i) => {
      const form = new FormData();
      form.append('file', new Blob([content], { type: 'application/octet-stream' }), `bench-${i}.bin`);
      const res = await fetch(`${gatewayUrl}/api/v1/user_uploads`, { method: 'POST', headers: { authorization }, body: form });
      if (!res.ok) throw new Error(`bench: upload failed (${res.status}: ${await res.text()})`);
    });
    const total = (shape.files * shape.bytes) / MB;
    rows.push({ label: shape.label, files: shape.files, fileMb: shape.bytes / MB, rawMbPerSecond: total / raw, uploadMbPerSecond: total / upload });
  }
  await client.removeObjects(endpoints.S3_BUCKET, rawKeys);
  await removeBenchAttachments(gatewayUrl, authorization, (name) => name.startsWith('bench-'));
  return rows;
}

/** The bench's uploads (those `named`) go again (E17), so runs do not pile up files in the bench's bucket. */
export async function removeBenchAttachments(gatewayUrl: string, authorization: string, named: (name: string) => boolean): Promise<void> {
  const res = await fetch(`${gatewayUrl}/api/v1/attachments`, { headers: { authorization } });
  const { attachments } = (await res.json()) as { attachments: { id: number; name: string }[] };
  for (const { id } of attachments.filter((a) => named(a.name))) {
    await fetch(`${gatewayUrl}/api/v1/attachments/${id}`, { method: 'DELETE', headers: { authorization } });
  }
}

/** Seconds for `count` calls one after the other, after one untimed call (connections, caches). */
async function timed(count: number, call: (i: number) => Promise<void>): Promise<number> {
  await call(-1);
  const started = process.hrtime.bigint();
  for (let i = 0; i < count; i++) await call(i);
  return Number(process.hrtime.bigint() - started) / 1e9;
}
