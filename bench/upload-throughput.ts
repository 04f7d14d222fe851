import { randomBytes } from 'node:crypto';
import { s3Client } from '../libs/platform/src/object-store/s3-client';
import { StackEndpointsSchema } from '../libs/platform/src/config/stack-endpoints';
import { percentile } from './lib/stats';

export interface UploadThroughputRow {
  label: string;
  /** Uploads in flight at once, for both the floor and E21. */
  concurrency: number;
  files: number;
  fileMb: number;
  /** MB/s of `putObject` straight to the uploads bucket (the floor). */
  rawMbPerSecond: number;
  /** MB/s of `POST /user_uploads` through the gateway, stored and recorded as attachments. */
  uploadMbPerSecond: number;
}

const MB = 1024 * 1024;
/**
 * Sizes a Zulip upload has, under the default 25 MiB limit: screenshots and documents, and the
 * largest; each one file after another (c=1) and with several in flight (PERFORMANCE.md: at
 * concurrency 1 and at one that saturates the machine).
 */
const SHAPES = [
  { label: '1 MiB files', files: 40, bytes: 1 * MB, concurrency: 1 },
  { label: '1 MiB files', files: 80, bytes: 1 * MB, concurrency: 8 },
  { label: '20 MiB files', files: 6, bytes: 20 * MB, concurrency: 1 },
  { label: '20 MiB files', files: 12, bytes: 20 * MB, concurrency: 4 },
];

/**
 * PERFORMANCE.md: E21 against a direct `putObject` of the same bytes to the same MinIO, from this
 * process at the same concurrency. The floor gets the size up front, as a client's own store
 * call would; an upload is multipart form data through the gateway, which streams it to the
 * bucket (one request under 5 MiB, else 5 MiB parts) and then records it through Kafka.
 */
export async function measureUploadThroughput(gatewayUrl: string, authorization: string): Promise<UploadThroughputRow[]> {
  const endpoints = StackEndpointsSchema.parse(process.env);
  const client = s3Client(endpoints);
  const rows: UploadThroughputRow[] = [];
  const rawKeys: string[] = [];
  for (const shape of SHAPES) {
    const content = randomBytes(shape.bytes);
    const raw = await timed(shape.files, shape.concurrency, async (i) => {
      const key = `bench/raw-${randomBytes(6).toString('hex')}-${i}.bin`;
      rawKeys.push(key);
      await client.putObject(endpoints.S3_BUCKET, key, content, content.length, { 'Content-Type': 'application/octet-stream' });
    });
    const upload = await timed(shape.files, shape.concurrency, async (i) => {
      const form = new FormData();
      form.append('file', new Blob([content], { type: 'application/octet-stream' }), `bench-${i}.bin`);
      const res = await fetch(`${gatewayUrl}/api/v1/user_uploads`, { method: 'POST', headers: { authorization }, body: form });
      if (!res.ok) throw new Error(`bench: upload failed (${res.status}: ${await res.text()})`);
    });
    const total = (shape.files * shape.bytes) / MB;
    rows.push({
      label: shape.label,
      concurrency: shape.concurrency,
      files: shape.files,
      fileMb: shape.bytes / MB,
      rawMbPerSecond: total / raw,
      uploadMbPerSecond: total / upload,
    });
  }
  await client.removeObjects(endpoints.S3_BUCKET, rawKeys);
  await removeBenchAttachments(gatewayUrl, authorization, (name) => name.startsWith('bench-'));
  return rows;
}

export interface SmallUploadOverhead {
  files: number;
  bytes: number;
  /** p50 of a direct `putObject` of the file. */
  putObjectP50Ms: number;
  /** p50 of `POST /user_uploads` of the same bytes, stored and recorded. */
  uploadP50Ms: number;
  /** p50 of `GET /users/me`, the command round trip through the gateway, measured between them. */
  usersMeP50Ms: number;
}

const SMALL_FILES = 200;
const SMALL_BYTES = 1024;

/**
 * PERFORMANCE.md, re-targeted for small files: recording an attachment costs a command round
 * trip that a bare `putObject` does not, so a 1 KiB upload is measured by its time over the
 * `putObject`, against the round trip of `GET /users/me`, all three one at a time in turn.
 */
export async function measureSmallUploadOverhead(gatewayUrl: string, authorization: string): Promise<SmallUploadOverhead> {
  const endpoints = StackEndpointsSchema.parse(process.env);
  const client = s3Client(endpoints);
  const content = randomBytes(SMALL_BYTES);
  const rawKeys: string[] = [];
  const latencies = { putObject: [] as number[], upload: [] as number[], usersMe: [] as number[] };
  const clocked = async (into: number[], call: () => Promise<void>): Promise<void> => {
    const started = process.hrtime.bigint();
    await call();
    into.push(Number(process.hrtime.bigint() - started) / 1e6);
  };
  // Interleaved, so a machine that slows down mid-measure slows all three alike; the first round untimed.
  for (let i = -1; i < SMALL_FILES; i++) {
    const into = (list: number[]) => (i < 0 ? [] : list);
    await clocked(into(latencies.putObject), async () => {
      const key = `bench/raw-small-${randomBytes(6).toString('hex')}.bin`;
      rawKeys.push(key);
      await client.putObject(endpoints.S3_BUCKET, key, content, content.length, { 'Content-Type': 'application/octet-stream' });
    });
    await clocked(into(latencies.upload), async () => {
      const form = new FormData();
      form.append('file', new Blob([content], { type: 'application/octet-stream' }), `bench-small-${i}.bin`);
      const res = await fetch(`${gatewayUrl}/api/v1/user_uploads`, { method: 'POST', headers: { authorization }, body: form });
      if (!res.ok) throw new Error(`bench: a small upload failed (${res.status}: ${await res.text()})`);
    });
    await clocked(into(latencies.usersMe), async () => {
      const res = await fetch(`${gatewayUrl}/api/v1/users/me`, { headers: { authorization } });
      if (!res.ok) throw new Error(`bench: GET /users/me failed (${res.status})`);
      await res.arrayBuffer();
    });
  }
  await client.removeObjects(endpoints.S3_BUCKET, rawKeys);
  await removeBenchAttachments(gatewayUrl, authorization, (name) => name.startsWith('bench-small-'));
  const p50 = (list: number[]) =>
    percentile(
      [...list].sort((a, b) => a - b),
      50,
    );
  return {
    files: SMALL_FILES,
    bytes: SMALL_BYTES,
    putObjectP50Ms: p50(latencies.putObject),
    uploadP50Ms: p50(latencies.upload),
    usersMeP50Ms: p50(latencies.usersMe),
  };
}

/** The bench's uploads (those `named`) go again (E17), so runs do not pile up files in the bench's bucket. */
export async function removeBenchAttachments(gatewayUrl: string, authorization: string, named: (name: string) => boolean): Promise<void> {
  const res = await fetch(`${gatewayUrl}/api/v1/attachments`, { headers: { authorization } });
  const { attachments } = (await res.json()) as { attachments: { id: number; name: string }[] };
  for (const { id } of attachments.filter((a) => named(a.name))) {
    await fetch(`${gatewayUrl}/api/v1/attachments/${id}`, { method: 'DELETE', headers: { authorization } });
  }
}

/** Seconds for `count` calls, `concurrency` at a time, after as many untimed calls (connections, caches). */
async function timed(count: number, concurrency: number, call: (i: number) => Promise<void>): Promise<number> {
  await inFlight(concurrency, concurrency, (i) => call(-1 - i));
  const started = process.hrtime.bigint();
  await inFlight(count, concurrency, call);
  return Number(process.hrtime.bigint() - started) / 1e9;
}

/** Calls 0..count-1, each lane starting the next as soon as its call ends. */
async function inFlight(count: number, concurrency: number, call: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < count) await call(next++);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, lane));
}
