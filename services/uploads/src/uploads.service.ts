import { ObjectStore, type DomainServiceOptions } from '@zulip-es/platform';
import { UploadsConfigSchema } from './config';
import { ClaimingMessages } from './projection/claiming-messages';
import { UploadsProjection } from './projection/uploads.projection';
import { UploadsRepository } from './projection/uploads.repository';
import { startMessageClaimsRelay } from './attachments/message-claims/start-message-claims-relay';
import { startUploadGc } from './garbage-collection/upload-gc';
import { UploadThumbnailer } from './thumbnails/upload-thumbnailer';
import { uploadsHandlers } from './uploads.handlers';
import { RealmExportJobs } from './realm-exports/realm-export.queue';
import { startRealmExports } from './realm-exports/realm-export.worker';

/**
 * Which messages claim uploads, shared by the projection (which keeps it current) and the claims
 * relay of this process (assembled once).
 */
let claiming: ClaimingMessages | undefined;
/** Queues export jobs: the projection's and the worker's of this process (assembled once). */
let exportJobs: RealmExportJobs | undefined;

/** Owns uploaded files (their objects in the uploads bucket) and their attachment records. */
export const uploadsService: DomainServiceOptions<typeof UploadsConfigSchema> = {
  service: 'uploads',
  configSchema: UploadsConfigSchema,
  port: (config) => config.UPLOADS_PORT,
  assemble: (db, config) => {
    const repo = new UploadsRepository(db);
    claiming = new ClaimingMessages(repo);
    const objects = new ObjectStore(config);
    exportJobs = new RealmExportJobs(config.REDIS_URL, config.REALM_EXPORT_ATTEMPTS);
    const realmExports = {
      realmUrl: config.REALM_URL,
      supportEmail: config.ZULIP_ADMINISTRATOR ?? `zulip-admin@${new URL(config.REALM_URL).hostname}`,
      perWeek: config.REALM_EXPORTS_PER_WEEK,
    };
    return {
      projection: new UploadsProjection(repo, objects, claiming, exportJobs),
      // A rebuild writes through a write-behind buffer, and removes no object again.
      projectionOn: (other) => new UploadsProjection(new UploadsRepository(other)),
      handlers: uploadsHandlers({
        repo,
        maxFileUploadSizeMib: config.MAX_FILE_UPLOAD_SIZE_MIB,
        uploadQuotaMib: config.UPLOAD_QUOTA_MIB,
        claiming,
        thumbnailer: new UploadThumbnailer(objects),
        realmExports,
      }),
    };
  },
  background: async (parts, config, logger) => {
    const repo = new UploadsRepository(parts.db);
    const work = [
      await startMessageClaimsRelay(parts, config, claiming ?? new ClaimingMessages(repo), logger),
      await startUploadGc(parts, config, repo, logger),
      await startRealmExports(
        parts,
        config,
        repo,
        exportJobs ?? new RealmExportJobs(config.REDIS_URL, config.REALM_EXPORT_ATTEMPTS),
        logger,
      ),
    ];
    return {
      async stop() {
        for (const w of work) await w.stop();
      },
    };
  },
};
