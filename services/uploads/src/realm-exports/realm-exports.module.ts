import { Module } from '@nestjs/common';
import { UploadsProjectionModule } from '../projection/uploads-projection.module';
import { realmExportProcessor } from './realm-export.worker';
import { RealmExportsHandler } from './realm-exports.handlers';

/** Organization exports: their requests and records, and the job that writes each archive. */
@Module({
  imports: [UploadsProjectionModule],
  controllers: [RealmExportsHandler],
  providers: [realmExportProcessor],
})
export class RealmExportsModule {}
