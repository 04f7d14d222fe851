import { Module } from '@nestjs/common';
import type { Connection } from 'mongoose';
import {
  PROJECTION_DOCUMENTS,
  ObjectStore,
  PROJECTION,
  PROJECTION_ON,
  READ_MODELS,
  SERVICE_CONFIG,
  type GroupDocuments,
} from '@zulip-es/platform';
import type { UploadsConfig } from '../config';
import { RealmExportJobs } from '../realm-exports/realm-export.queue';
import { UPLOADS_DEPS, type UploadsDeps } from '../shared/uploads-deps';
import { ClaimingMessages } from './claiming-messages';
import { UploadsProjection } from './uploads.projection';
import { UploadsQueuesModule } from './uploads-queues.module';
import { UploadsRepository } from './uploads.repository';

/**
 * The uploads service's state: its projection of `uploads.events` (attachments, the messages
 * claiming them, organization exports), the bucket, the queues, and what its handlers work with
 * (`UPLOADS_DEPS`). It keeps no copy of other services' events.
 */
@Module({
  imports: [UploadsQueuesModule],
  providers: [
    { provide: UploadsRepository, inject: [PROJECTION_DOCUMENTS], useFactory: (db: GroupDocuments) => new UploadsRepository(db) },
    // Shared by the projection, which keeps it current, and the handlers and claims relay.
    { provide: ClaimingMessages, inject: [UploadsRepository], useFactory: (repo: UploadsRepository) => new ClaimingMessages(repo) },
    { provide: ObjectStore, inject: [SERVICE_CONFIG], useFactory: (config: UploadsConfig) => new ObjectStore(config) },
    RealmExportJobs,
    {
      provide: PROJECTION,
      inject: [UploadsRepository, ObjectStore, ClaimingMessages, RealmExportJobs],
      useFactory: (repo: UploadsRepository, objects: ObjectStore, claiming: ClaimingMessages, exportJobs: RealmExportJobs) =>
        new UploadsProjection(repo, objects, claiming, exportJobs),
    },
    // A rebuild writes through a write-behind buffer, and removes no object again.
    { provide: PROJECTION_ON, useValue: (other: Connection) => new UploadsProjection(new UploadsRepository(other)) },
    { provide: READ_MODELS, useValue: [] },
    {
      provide: UPLOADS_DEPS,
      inject: [SERVICE_CONFIG, UploadsRepository, ClaimingMessages],
      useFactory: (config: UploadsConfig, repo: UploadsRepository, claiming: ClaimingMessages): UploadsDeps => ({
        repo,
        maxFileUploadSizeMib: config.MAX_FILE_UPLOAD_SIZE_MIB,
        uploadQuotaMib: config.UPLOAD_QUOTA_MIB,
        claiming,
        realmExports: {
          realmUrl: config.REALM_URL,
          supportEmail: config.ZULIP_ADMINISTRATOR ?? `zulip-admin@${new URL(config.REALM_URL).hostname}`,
          perWeek: config.REALM_EXPORTS_PER_WEEK,
        },
      }),
    },
  ],
  exports: [PROJECTION, PROJECTION_ON, READ_MODELS, UPLOADS_DEPS, ObjectStore, RealmExportJobs, UploadsQueuesModule],
})
export class UploadsProjectionModule {}
