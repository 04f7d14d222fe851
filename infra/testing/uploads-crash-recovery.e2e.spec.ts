import { randomBytes } from 'node:crypto';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { s3Client } from '../../libs/platform/src/object-store/s3-client';
import { StackEndpointsSchema } from '../../libs/platform/src';
import { api, captureEvents, owner, systemInfo, type EventCapture } from '../../libs/testing/src';
import { UPLOAD_GC_QUEUE } from '../../services/uploads/src/garbage-collection/upload-gc';
import { REALM_EXPORT_QUEUE, realmExportJobId } from '../../services/uploads/src/realm-exports/realm-export.queue';
import type { ServiceProcess } from '../system/service-process';
import { runningPid, startInstance } from './extra-processes';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 90_000): Promise<void> {
  for (const start = Date.now(); !(await condition()); await sleep(100))
    if (Date.now() - start > timeoutMs) throw new Error('condition not met in time');
}

/**
 * The uploads service's replacements work on a bucket of their own, with no grace period for
 * objects no attachment records: their garbage collection then takes only this test's objects,
 * never another test's upload between its storing and its recording.
 */
describe('the uploads service killed with SIGKILL in the middle of a garbage collection run', () => {
  const endpoints = StackEndpointsSchema.parse(process.env);
  const bucket = `gc-crash-${randomBytes(4).toString('hex')}`;
  const s3 = s3Client(endpoints);
  const connection = new Redis(endpoints.REDIS_URL, { maxRetriesPerRequest: null });
  const queue = new Queue(UPLOAD_GC_QUEUE, { connection });
  const collecting = { S3_BUCKET: bucket, UPLOAD_ORPHAN_GRACE_MS: '0' };
  let current: ServiceProcess | undefined;

  const objectsLeft = async (): Promise<number> => {
    let n = 0;
    for await (const item of s3.listObjectsV2(bucket, '', true)) if (item.name) n++;
    return n;
  };

  afterAll(async () => {
    // The system's own configuration again, for the tests after this one.
    await current?.kill9();
    await startInstance('uploads', 'uploads-after-gc-crash', systemInfo().ports.uploads);
    const left: string[] = [];
    for await (const item of s3.listObjectsV2(bucket, '', true)) if (item.name) left.push(item.name);
    await s3.removeObjects(bucket, left);
    await s3.removeBucket(bucket);
    await queue.close();
    connection.disconnect();
  }, 60_000);

  it('goes on in the next instance, which removes every object the killed run left, and the run completes once', async () => {
    await s3.makeBucket(bucket, endpoints.S3_REGION);
    const orphans = 600;
    for (let i = 0; i < orphans; i += 50) {
      await Promise.all(
        Array.from({ length: Math.min(50, orphans - i) }, (_, j) =>
          s3.putObject(bucket, `1/ff/${randomBytes(12).toString('hex')}/orphan-${i + j}.txt`, Buffer.from('x')),
        ),
      );
    }

    process.kill(runningPid('uploads'), 'SIGKILL');
    current = await startInstance('uploads', 'uploads-gc-run', systemInfo().ports.uploads, collecting);
    const jobId = `gc-crash-${randomBytes(4).toString('hex')}`;
    await queue.add('collect', {}, { jobId, attempts: 5, backoff: { type: 'fixed', delay: 100 } });

    // Killed with part of the objects removed.
    await until(async () => (await objectsLeft()) < orphans - 50, 60_000);
    await current.kill9();
    const leftAtKill = await objectsLeft();
    expect(leftAtKill).toBeGreaterThan(0);

    current = await startInstance('uploads', 'uploads-gc-resumed', systemInfo().ports.uploads, collecting);
    await until(async () => (await queue.getJob(jobId))?.finishedOn !== undefined);
    const job = (await queue.getJob(jobId))!;
    expect(job.failedReason).toBeUndefined();
    // What the killed run left, give or take a removal MinIO finished after the kill.
    expect(job.returnvalue.unclaimed).toBe(0);
    expect(job.returnvalue.orphans).toBeGreaterThanOrEqual(leftAtKill - 1);
    expect(job.returnvalue.orphans).toBeLessThanOrEqual(leftAtKill);
    expect(await objectsLeft()).toBe(0);
  }, 180_000);
});

interface ExportView {
  id: number;
  export_url: string | null;
  failed_timestamp: number | null;
  pending: boolean;
}

const exportOf = async (id: number): Promise<ExportView | undefined> => {
  const res = await api('GET', '/export/realm', { auth: owner() });
  return res.status === 200 ? (res.body.exports as ExportView[]).find((e) => e.id === id) : undefined;
};

describe('an organization export whose uploads service is killed with SIGKILL during its job, or whose job fails', () => {
  const endpoints = StackEndpointsSchema.parse(process.env);
  const connection = new Redis(endpoints.REDIS_URL, { maxRetriesPerRequest: null });
  const queue = new Queue(REALM_EXPORT_QUEUE, { connection });
  const s3 = s3Client(endpoints);
  /** A short lock: the restarted instance takes the killed worker's job over within seconds. */
  const shortLock = { REALM_EXPORT_LOCK_MS: '2000' };
  let current: ServiceProcess | undefined;
  let capture: EventCapture;
  beforeAll(async () => {
    capture = await captureEvents('uploads');
  });
  afterAll(async () => {
    await current?.kill9();
    await startInstance('uploads', 'uploads-after-export-crash', systemInfo().ports.uploads);
    await capture.stop();
    await queue.close();
    connection.disconnect();
  }, 60_000);

  it('takes the job over in the restarted service: one archive, recorded as succeeded once', async () => {
    process.kill(runningPid('uploads'), 'SIGKILL');
    current = await startInstance('uploads', 'uploads-export-run', systemInfo().ports.uploads, shortLock);
    const started = await api('POST', '/export/realm', { auth: owner(), params: { export_type: 2 } });
    expect(started.status).toBe(200);
    const id = started.body.id as number;

    // Killed while its worker runs the job (reading the topics, or writing the archive).
    await until(async () => (await (await queue.getJob(realmExportJobId(id)))?.isActive()) === true, 30_000);
    await current.kill9();
    current = await startInstance('uploads', 'uploads-export-resumed', systemInfo().ports.uploads, shortLock);

    await until(async () => (await exportOf(id))?.pending === false, 90_000);
    const done = (await exportOf(id))!;
    expect(done.failed_timestamp).toBeNull();
    expect(done.export_url).not.toBeNull();
    const job = (await queue.getJob(realmExportJobId(id)))!;
    expect(job.stalledCounter + job.attemptsMade).toBeGreaterThanOrEqual(1);

    const key = new URL(done.export_url!).pathname.slice('/user_avatars/'.length);
    const archives: string[] = [];
    for await (const item of s3.listObjectsV2(endpoints.S3_BUCKET, key.slice(0, key.lastIndexOf('/') + 1), true))
      if (item.name) archives.push(item.name);
    expect(archives).toEqual([key]);
    expect(await capture.settle((e) => e.type === 'realm_export.succeeded.v1' && e.data.exportId === id, 2_000)).toHaveLength(1);
    const res = await fetch(done.export_url!, {
      headers: { authorization: `Basic ${Buffer.from(`${owner().email}:${owner().apiKey}`).toString('base64')}` },
    });
    expect(res.status).toBe(200);
    expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(0);
  }, 180_000);

  it('records failed_timestamp, and no URL, once the job gave up (a bucket that does not exist)', async () => {
    await current?.kill9();
    current = await startInstance('uploads', 'uploads-export-failing', systemInfo().ports.uploads, {
      S3_BUCKET: `missing-${randomBytes(4).toString('hex')}`,
      REALM_EXPORT_ATTEMPTS: '1',
    });
    const started = await api('POST', '/export/realm', { auth: owner() });
    expect(started.status).toBe(200);
    const id = started.body.id as number;
    await until(async () => (await exportOf(id))?.pending === false, 60_000);
    expect(await exportOf(id)).toMatchObject({ id, pending: false, export_url: null, failed_timestamp: expect.any(Number) });
    const failed = await capture.waitFor((e) => e.type === 'realm_export.failed.v1' && e.data.exportId === id);
    expect(failed.data.reason).toEqual(expect.any(String));
    const refused = await api('DELETE', `/export/realm/${id}`, { auth: owner() });
    expect(refused.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'Export failed, nothing to delete' });
  }, 120_000);
});
