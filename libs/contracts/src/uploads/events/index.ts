import { z } from 'zod';
import { AttachmentRemovedV1 } from './attachment-removed.v1';
import { AttachmentUploadedV1 } from './attachment-uploaded.v1';
import { AttachmentClaimedV1 } from './attachment-claimed.v1';
import { AttachmentUnclaimedV1 } from './attachment-unclaimed.v1';
import { RealmExportDeletedV1 } from './realm-export-deleted.v1';
import { RealmExportFailedV1 } from './realm-export-failed.v1';
import { RealmExportRequestedV1 } from './realm-export-requested.v1';
import { RealmExportSucceededV1 } from './realm-export-succeeded.v1';

export * from './attachment-removed.v1';
export * from './attachment-uploaded.v1';
export * from './attachment-claimed.v1';
export * from './attachment-unclaimed.v1';
export * from './realm-export-requested.v1';
export * from './realm-export-succeeded.v1';
export * from './realm-export-failed.v1';
export * from './realm-export-deleted.v1';

/** Every event on `uploads.events`, discriminated by `type`. */
export const UploadsEvent = z.discriminatedUnion('type', [
  AttachmentUploadedV1,
  AttachmentRemovedV1,
  AttachmentClaimedV1,
  AttachmentUnclaimedV1,
  RealmExportRequestedV1,
  RealmExportSucceededV1,
  RealmExportFailedV1,
  RealmExportDeletedV1,
]);
export type UploadsEvent = z.infer<typeof UploadsEvent>;
