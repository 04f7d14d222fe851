import { Module } from '@nestjs/common';
import { PlatformModule, ServiceRuntimeModule, type DomainServiceEntry } from '@zulip-es/platform';
import { AttachmentsModule } from './attachments/attachments.module';
import { UploadsConfigSchema, type UploadsConfig } from './config';
import { GarbageCollectionModule } from './garbage-collection/garbage-collection.module';
import { UploadsProjectionModule } from './projection/uploads-projection.module';
import { UPLOADS_PROJECTION_VERSION } from './projection/uploads.projection';
import { RealmExportsModule } from './realm-exports/realm-exports.module';
import { ThumbnailsModule } from './thumbnails/thumbnails.module';
import { UploadsProbes } from './uploads-probes';

export const UPLOADS: DomainServiceEntry = { service: 'uploads', port: (config) => (config as UploadsConfig).UPLOADS_PORT };

const platform = PlatformModule.forRoot({
  service: UPLOADS.service,
  configSchema: UploadsConfigSchema,
  projectionVersion: UPLOADS_PROJECTION_VERSION,
});

/** Owns uploaded files (their objects in the uploads bucket), their attachment records, and organization exports. */
@Module({
  imports: [
    platform,
    ServiceRuntimeModule.forRoot({ projection: UploadsProjectionModule }),
    UploadsProjectionModule,
    ThumbnailsModule,
    AttachmentsModule,
    GarbageCollectionModule,
    RealmExportsModule,
  ],
  providers: [UploadsProbes],
})
export class UploadsModule {}

/** The projection alone, for the operator's rebuild and quarantine commands. */
@Module({ imports: [platform, UploadsProjectionModule] })
export class UploadsProjectionRootModule {}
