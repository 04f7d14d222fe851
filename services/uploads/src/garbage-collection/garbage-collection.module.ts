import { Module } from '@nestjs/common';
import { UploadsProjectionModule } from '../projection/uploads-projection.module';
import { CollectUnclaimedHandler } from './collect-unclaimed.handler';
import { UploadGcProcessor } from './upload-gc';

/** Upload garbage collection: its repeatable job, and the command that removes uploads no message claimed. */
@Module({
  imports: [UploadsProjectionModule],
  controllers: [CollectUnclaimedHandler],
  providers: [UploadGcProcessor],
})
export class GarbageCollectionModule {}
