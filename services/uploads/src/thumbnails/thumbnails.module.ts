import { Module } from '@nestjs/common';
import { ObjectStore } from '@zulip-es/platform';
import { UploadsProjectionModule } from '../projection/uploads-projection.module';
import { UploadThumbnailer } from './upload-thumbnailer';

/** Thumbnails of uploaded images, stored in the bucket beside them. */
@Module({
  imports: [UploadsProjectionModule],
  providers: [{ provide: UploadThumbnailer, inject: [ObjectStore], useFactory: (objects: ObjectStore) => new UploadThumbnailer(objects) }],
  exports: [UploadThumbnailer],
})
export class ThumbnailsModule {}
