import { Module } from '@nestjs/common';
import { MessagesProjectionModule } from '../projection/messages-projection.module';
import { AttachmentAccessHandler } from './attachment-access.handler';

/** Who may read an upload: asked by the gateway before it serves the upload's bytes. */
@Module({ imports: [MessagesProjectionModule], controllers: [AttachmentAccessHandler] })
export class AttachmentsModule {}
