import { OnWorkerEvent, Processor, WorkerHost } from '@nestjs/bullmq';
import type { OnModuleInit, Provider } from '@nestjs/common';
import type { Job, Worker } from 'bullmq';
import {
  COMPLETE_REALM_EXPORT,
  commandsTopic,
  FAIL_REALM_EXPORT,
  MAX_EXPORT_FAILURE_REASON_LENGTH,
  type CompleteRealmExport,
  type FailRealmExport,
} from '@zulip-es/contracts';
import {
  createLogger,
  LOGGER,
  ObjectStore,
  RequestClient,
  SERVICE_CONFIG,
  ServiceRuntime,
  type Logger,
  type ServiceParts,
  type Started,
} from '@zulip-es/platform';
import type { UploadsConfig } from '../config';
import type { UploadsRepository } from '../projection/uploads.repository';
import { UPLOADS_DEPS, type UploadsDeps } from '../shared/uploads-deps';
import { writeExportArchive, type ArchiveDeps } from './archive/write-archive';
import { REALM_EXPORT_QUEUE, RealmExportJobs, type RealmExportJobData } from './realm-export.queue';

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
 * The worker of export jobs (one at a time per instance), run once the service serves. Its lock
 * is renewed while it runs; a killed worker's job is taken over by another or the restarted
 * instance within seconds and runs again from the start, writing the same object. At start and
 * then every minute it looks at the exports still pending: one without a job (not queued when
 * its request was applied, or lost with Redis's data) gets one; one whose job failed for good
 * without its failure being recorded (Kafka was unreachable then) is recorded failed. Jobs
 * already queued are left alone.
 */
export class RealmExportProcessor extends WorkerHost<Worker<RealmExportJobData>> implements OnModuleInit {
  /** There while the service serves. */
  private serving?: { send: Send; deps: ArchiveDeps };

  constructor(
    private readonly runtime: ServiceRuntime,
    private readonly jobs: RealmExportJobs,
    private readonly repo: UploadsRepository,
    private readonly store: ObjectStore,
    private readonly config: UploadsConfig,
    private readonly logger: Logger,
  ) {
    super();
  }

  onModuleInit(): void {
    this.runtime.onceServing((parts) => this.start(parts));
  }

  process(job: Job<RealmExportJobData>): Promise<string> {
    const { send, deps } = this.servingNow();
    return runRealmExport(job, this.repo, deps, send, () => new Date());
  }

  @OnWorkerEvent('failed')
  failed(job: Job<RealmExportJobData> | undefined, error: Error): void {
    if (!job) return;
    const final = job.attemptsMade >= (job.opts.attempts ?? 1) || /stalled/iu.test(error.message);
    this.logger.warn({ jobId: job.id, err: error, attempts: job.attemptsMade, final }, 'organization export failed');
    if (final)
      void failRealmExport(job.data.exportId, error, this.store, this.repo, this.servingNow().send).catch((e: unknown) =>
        this.logger.error({ err: e, jobId: job.id }, 'recording a failed export failed'),
      );
  }

  /** Redis errors of the worker's connections (it reconnects by itself): logged, never thrown at the process. */
  @OnWorkerEvent('error')
  error(error: Error): void {
    this.logger.warn({ err: error }, 'organization export worker: Redis error');
  }

  private servingNow(): { send: Send; deps: ArchiveDeps } {
    if (!this.serving) throw new Error('the uploads service is not serving');
    return this.serving;
  }

  private async start(parts: ServiceParts): Promise<Started> {
    const { config, logger, worker } = this;
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
    this.serving = { send, deps: { kafka: parts.kafka, store: this.store, logger } };
    worker.run().catch((error: Error) => worker.emit('error', error));
    await this.sweep(send);
    let sweeping = false;
    const timer = setInterval(() => {
      if (sweeping) return;
      sweeping = true;
      this.sweep(send)
        .catch((error: unknown) => logger.warn({ err: error }, 'looking for pending exports failed'))
        .finally(() => (sweeping = false));
    }, SWEEP_EVERY_MS);
    timer.unref();
    return {
      async stop() {
        clearInterval(timer);
        await worker.close();
        await client.stop();
      },
    };
  }

  private async sweep(send: Send): Promise<void> {
    const { jobs, store, repo } = this;
    for (const e of (await repo.realmExports()).exports) {
      if (e.status !== 'pending') continue;
      const state = await jobs.jobState(e.exportId);
      if (state === 'missing') await jobs.enqueue(e.exportId);
      if (state === 'failed') await failRealmExport(e.exportId, new Error('its job failed'), store, repo, send);
    }
  }
}

/**
 * The export worker, with its lock from the configuration (`REALM_EXPORT_LOCK_MS`): `@Processor`
 * fixes a worker's options where its class is declared, so the provider declares it for the
 * configuration the service runs with.
 */
export const realmExportProcessor: Provider = {
  provide: RealmExportProcessor,
  inject: [ServiceRuntime, RealmExportJobs, UPLOADS_DEPS, ObjectStore, SERVICE_CONFIG, LOGGER],
  useFactory: (
    runtime: ServiceRuntime,
    jobs: RealmExportJobs,
    deps: UploadsDeps,
    store: ObjectStore,
    config: UploadsConfig,
    logger: Logger,
  ) => {
    @Processor(REALM_EXPORT_QUEUE, {
      autorun: false,
      concurrency: 1,
      lockDuration: config.REALM_EXPORT_LOCK_MS,
      stalledInterval: Math.ceil(config.REALM_EXPORT_LOCK_MS / 2),
      maxStalledCount: 3,
    })
    class ConfiguredRealmExportProcessor extends RealmExportProcessor {}
    return new ConfiguredRealmExportProcessor(runtime, jobs, deps.repo, store, config, logger);
  },
};
