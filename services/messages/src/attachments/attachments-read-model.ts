import { eventsTopic, UploadsEvent, type EventEnvelope, type UploadedImage } from '@zulip-es/contracts';
import type { ReadModel } from '@zulip-es/platform';

/** What this service knows of an uploaded file (Zulip's `Attachment`, without its messages). */
export interface ReadAttachment {
  attachmentId: number;
  ownerId: number;
  pathId: string;
  name: string;
  size: number;
  /** ISO 8601. */
  createdAt: string;
  contentType: string;
  /** What the uploads service read from it, if it is an image. */
  image?: UploadedImage;
}

/**
 * The messages service's copy of the uploads domain, by path id, kept in memory from
 * `uploads.events` like the users read model (see there why in memory): deciding which uploads a
 * message claims, and answering who may read an upload, need to know which uploads exist and
 * whose they are. Registered as a read model, so a command sent after an upload (the gateway
 * passes the upload's position) is decided once this copy has it.
 */
export class AttachmentsReadModel implements ReadModel {
  readonly name = 'attachments';
  readonly topics = [eventsTopic('uploads')];
  private readonly byPath = new Map<string, ReadAttachment>();

  attachment(pathId: string): ReadAttachment | undefined {
    return this.byPath.get(pathId);
  }

  apply(envelope: EventEnvelope): void {
    const parsed = UploadsEvent.safeParse({ type: envelope.type, data: envelope.data });
    if (!parsed.success) return; // a type this service does not know yet
    const event = parsed.data;
    if (event.type === 'attachment.uploaded.v1') {
      const { attachmentId, ownerId, pathId, name, size, createdAt, contentType, image } = event.data;
      this.byPath.set(pathId, { attachmentId, ownerId, pathId, name, size, createdAt, contentType, ...(image && { image }) });
    } else if (event.type === 'attachment.removed.v1') {
      // Only the attachment it names: a path id is never given twice, but be exact anyway.
      if (this.byPath.get(event.data.pathId)?.attachmentId === event.data.attachmentId) this.byPath.delete(event.data.pathId);
    }
  }
}
