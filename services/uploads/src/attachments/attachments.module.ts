import { Module } from '@nestjs/common';
import { UploadsProjectionModule } from '../projection/uploads-projection.module';
import { ThumbnailsModule } from '../thumbnails/thumbnails.module';
import { ListAttachmentsHandler } from './list-attachments/list-attachments.handler';
import { MessageClaimsBackground } from './message-claims/message-claims.background';
import { MessageClaimsHandler } from './message-claims/message-claims.handlers';
import { RemoveAttachmentHandler } from './remove-attachment/remove-attachment.handler';
import { UploadFileHandler } from './upload-file/upload-file.handler';

/** Attachments: recording uploaded files, listing and removing them, and which messages claim them. */
@Module({
  imports: [UploadsProjectionModule, ThumbnailsModule],
  controllers: [UploadFileHandler, ListAttachmentsHandler, RemoveAttachmentHandler, MessageClaimsHandler],
  providers: [MessageClaimsBackground],
})
export class AttachmentsModule {}
