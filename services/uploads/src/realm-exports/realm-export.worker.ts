import {
  COMPLETE_REALM_EXPORT,
  commandsTopic,
  FAIL_REALM_EXPORT,
  MAX_EXPORT_FAILURE_REASON_LENGTH,
  type CompleteRealmExport,
  type FailRealmExport,
} from '@zulip-es/contracts';
import { createLogger, ObjectStore, RequestClient, type BackgroundWork, type Logger, type ServiceParts } from '@zulip-es/platform';
import { Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import type { UploadsConfig } from '../config';
import type { UploadsRepository } from '../projection/uploads.repository';
import { writeExportArchive, type ArchiveDeps } from './archive/write-archive';
import { REALM_EXPORT_QUEUE, type RealmExportJobData, type RealmExportJobs } from './realm-export.queue';

const COMMAND_WAIT_MS = 60_000;
/** How often pending exports are checked for a job (one document read). */
const SWEEP_EVERY_MS = 60_000;

type Send = (
  type: typeof COMPLETE_REALM_EXPORT | typeof FAIL_REALM_EXPORT,
  commandId: string,
  data: CompleteRealmExport | FailRealmExport,
) => Promise<void>;

/**
 * One export job: writes the archive of a pending export and records it (`realm_export.complete`,
 * command id `realm-export-complete:<id>`: sent again after a crash, it answers its recorded
 * outcome). An export that is no longer pending (recorded by an earlier run) is left alone.
 */
export async function runRealmExport(
  job: Pick<Job<RealmExportJobData>, 'data'>,
  repo: Pick<UploadsRepository, 'realmExports'>,
  deps: ArchiveDeps,
  send: Send,
  now: () => Date,
): Promise<string> {
  const { exportId } = job.data;
  const record = (await repo.realmExports()).exports.find((e) => e.exportId === exportId);
  // Queued by the projection once the request is applied: an unknown id is no export.
  if (!record) return 'unknown';
  if (record.status !== 'pending') return record.status;
  const written = await writeExportArchive(record, deps, now());
  await send(COMPLETE_REALM_EXPORT, `realm-export-complete:${exportId}`, { exportId, size: written.size, sha256: written.sha256 });
  return 'succeeded';
}

/**
 * After the job's last attempt (or once it stalled too often: its worker kept dying): the
 * archive, if one was written, is removed (as far as the bucket answers), and the export recorded
 * as failed.
 */
export async function failRealmExport(
  exportId: number,
  error: unknown,
  store: Pick<ObjectStore, 'remove'>,
  repo: Pick<UploadsRepository, 'realmExports'>,
  send: Send,
): Promise<void> {
  const record = (await repo.realmExports()).exports.find((e) => e.exportId === exportId);
  if (!record || record.status !== 'pending') return;
  // The failure is recorded even when the bucket cannot be reached to remove a partial archive.
  await store.remove(record.path).catch(() => undefined);
  const reason = (error instanceof Error ? error.message : String(error)).slice(0, MAX_EXPORT_FAILURE_REASON_LENGTH);
  await send(FAIL_REALM_EXPORT, `realm-export-fail:${exportId}`, { exportId, reason });
}

/**
 * The worker of export jobs (one at a time per instance). Its lock is renewed while it runs; a
 * killed worker's job is taken over by another or the restarted instance within seconds and
 * runs again from the start, writing the same object. At start and then every minute it looks
 * at the exports still pending: one without a job (not queued when its request was applied, or
 * lost with Redis's data) gets one; one whose job failed for good without its failure being
 * recorded (Kafka was unreachable then) is recorded failed. Jobs already queued are left alone.
 */
export async function startRealmExports(
  parts: ServiceParts,
  config: UploadsConfig,
  repo: UploadsRepository,
  jobs: RealmExportJobs,
  logger: Logger,
): Promise<BackgroundWork> {
  const client = new RequestClient(
    parts.kafka,
    `uploads-exports-${config.INSTANCE_ID}`,
    createLogger('uploads-realm-export', config.LOG_LEVEL),
    { replyWaitMs: 500 },
  );
  await client.start();
  const send: Send = async (type, commandId, data) => {
    const reply = await client.request(commandsTopic('uploads'), {
      commandId,
      type,
      kind: 'command',
      key: 'realm',
      correlationId: commandId,
      actorId: null,
      deadline: Date.now() + COMMAND_WAIT_MS,
      replyTo: client.replyTo,
      after: [],
      data,
    });
    if (!reply.ok) throw new Error(`${type} was refused: ${reply.error.code} ${reply.error.msg}`);
  };
  const store = new ObjectStore(config);
  const deps: ArchiveDeps = { kafka: parts.kafka, store, logger };
  const connection = new Redis(config.REDIS_URL, { maxRetriesPerRequest: null });
  const worker = new Worker<RealmExportJobData>(REALM_EXPORT_QUEUE, (job) => runRealmExport(job, repo, deps, send, () => new Date()), {
    connection,
    concurrency: 1,
    lockDuration: config.REALM_EXPORT_LOCK_MS,
    stalledInterval: Math.ceil(config.REALM_EXPORT_LOCK_MS / 2),
    maxStalledCount: 3,
  });
  worker.on('failed', (job, error) => {
    if (!job) return;
    const final = job.attemptsMade >= (job.opts.attempts ?? 1) || /stalled/iu.test(error.message);
    logger.warn({ jobId: job.id, err: error, attempts: job.attemptsMade, final }, 'organization export failed');
    if (final)
      void failRealmExport(job.data.exportId, error, store, repo, send).catch((e: unknown) =>
        logger.error({ err: e, jobId: job.id }, 'recording a failed export failed'),
      );
  });
  const sweep = async () => {
    for (const e of (await repo.realmExports()).exports) {
      if (e.status !== 'pending') continue;
      const state = await jobs.jobState(e.exportId);
      if (state === 'missing') await jobs.enqueue(e.exportId);
      if (state === 'failed') await failRealmExport(e.exportId, new Error('its job failed'), store, repo, send);
    }
  };
  await sweep();
  let sweeping = false;
  const timer = setInterval(() => {
    if (sweeping) return;
    sweeping = true;
    sweep()
      .catch((error: unknown) => logger.warn({ err: error }, 'looking for pending exports failed'))
      .finally(() => (sweeping = false));
  }, SWEEP_EVERY_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await worker.close();
      await jobs.close();
      await client.stop();
      connection.disconnect();
    },
  };
}
