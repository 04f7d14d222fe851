import { z } from 'zod';
import { AttachmentRemovedV1 } from './attachment-removed.v1';
import { AttachmentUploadedV1 } from './attachment-uploaded.v1';
import { AttachmentClaimedV1 } from './attachment-claimed.v1';
import { AttachmentUnclaimedV1 } from './attachment-unclaimed.v1';

export * from './attachment-removed.v1';
export * from './attachment-uploaded.v1';
export * from './attachment-claimed.v1';
export * from './attachment-unclaimed.v1';

/** Every event on `uploads.events`, discriminated by `type`. */
export const UploadsEvent = z.discriminatedUnion('type', [AttachmentUploadedV1, AttachmentRemovedV1, AttachmentClaimedV1, AttachmentUnclaimedV1]);
export type UploadsEvent = z.infer<typeof UploadsEvent>;
