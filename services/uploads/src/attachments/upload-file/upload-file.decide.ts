import { fileTooLargeMessage, type AttachmentUploadedV1, type UploadedImage, type UploadFileData } from '@zulip-es/contracts';
import { DomainError } from '@zulip-es/platform';
import { ATTACHMENTS_AGGREGATE, type AttachmentsCounters } from '../attachment.state';
import type { UploadsNewEvent } from '../../shared/uploads-new-event';

const MIB = 1024 * 1024;

export interface UploadContext {
  actorId: number;
  now: Date;
  maxFileUploadSizeMib: number;
  uploadQuotaMib: number;
}

/** Refuses a file over the server's size limit or the organization's quota. */
export function checkUploadFile(data: UploadFileData, counters: AttachmentsCounters, ctx: UploadContext): void {
  // The gateway refuses an oversized file while it streams it; this server's own limit decides.
  if (data.file.size > ctx.maxFileUploadSizeMib * MIB) throw new DomainError('BAD_REQUEST', fileTooLargeMessage(ctx.maxFileUploadSizeMib));
  // Zulip's `check_upload_within_quota`. Uploads are decided one at a time (key `realm`), so the
  // sum is exact; the gateway removes the stored file of a refused upload.
  if (counters.spaceUsed + data.file.size > ctx.uploadQuotaMib * MIB) {
    throw new DomainError('REALM_UPLOAD_QUOTA', "Upload would exceed your organization's upload quota.");
  }
}

/** Records the file the gateway stored as the actor's next attachment, with what was read from it if it is an image. */
export function decideUploadFile(
  data: UploadFileData,
  counters: AttachmentsCounters,
  ctx: UploadContext,
  image?: UploadedImage,
): UploadsNewEvent[] {
  checkUploadFile(data, counters, ctx);
  const event: AttachmentUploadedV1 = {
    type: 'attachment.uploaded.v1',
    data: {
      ...data.file,
      attachmentId: counters.lastAttachmentId + 1,
      ownerId: ctx.actorId,
      createdAt: ctx.now.toISOString(),
      ...(image && { image }),
    },
  };
  return [{ ...event, aggregateId: ATTACHMENTS_AGGREGATE, sequence: counters.version + 1 }];
}
