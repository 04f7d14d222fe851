import { randomBytes } from 'node:crypto';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { Client } from 'minio';
import { StackEndpointsSchema } from '../../libs/platform/src';
import { systemInfo } from '../../libs/testing/src';
import { UPLOAD_GC_QUEUE } from '../../services/uploads/src/garbage-collection/upload-gc';
import type { ServiceProcess } from '../system/service-process';
import { runningPid, startInstance } from './extra-processes';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 90_000): Promise<void> {
  for (const start = Date.now(); !(await condition()); await sleep(100)) if (Date.now() - start > timeoutMs) throw new Error('condition not met in time');
}

/**
 * The uploads service's replacements work on a bucket of their own, with no grace period for
 * objects no attachment records: their garbage collection then takes only this test's objects,
 * never another test's upload between its storing and its recording.
 */
describe('the uploads service killed with SIGKILL in the middle of a garbage collection run', () => {
  const endpoints = StackEndpointsSchema.parse(process.env);
  const bucket = `gc-crash-${randomBytes(4).toString('hex')}`;
  const s3 = new Client({
    endPoint: endpoints.S3_ENDPOINT, port: endpoints.S3_PORT, useSSL: endpoints.S3_USE_SSL,
    accessKey: endpoints.S3_ACCESS_KEY, secretKey: endpoints.S3_SECRET_KEY, region: endpoints.S3_REGION, pathStyle: true,
  });
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
      await Promise.all(Array.from({ length: Math.min(50, orphans - i) }, (_, j) => s3.putObject(bucket, `1/ff/${randomBytes(12).toString('hex')}/orphan-${i + j}.txt`, Buffer.from('x'))));
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
