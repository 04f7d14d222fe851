import {
  COLLECT_UNCLAIMED_UPLOADS,
  COMPLETE_REALM_EXPORT,
  deleteRealmExport,
  exportRealm,
  FAIL_REALM_EXPORT,
  FORGET_DELETED_MESSAGES,
  getAttachments,
  getRealmExports,
  removeAttachment,
  SYNC_MESSAGE_CLAIMS,
  uploadFile,
} from '@zulip-es/contracts';
import type { HandlerRegistry } from '@zulip-es/platform';
import { listAttachmentsHandler } from './attachments/list-attachments/list-attachments.handler';
import { forgetDeletedMessagesHandler, syncMessageClaimsHandler } from './attachments/message-claims/message-claims.handlers';
import { removeAttachmentHandler } from './attachments/remove-attachment/remove-attachment.handler';
import { uploadFileHandler } from './attachments/upload-file/upload-file.handler';
import { collectUnclaimedHandler } from './garbage-collection/collect-unclaimed.handler';
import {
  completeExportHandler,
  deleteExportHandler,
  failExportHandler,
  listExportsHandler,
  startExportHandler,
} from './realm-exports/realm-exports.handlers';
import type { UploadsDeps } from './shared/uploads-deps';

export const uploadsHandlers = (deps: UploadsDeps): HandlerRegistry => ({
  [uploadFile.type]: uploadFileHandler(deps),
  [getAttachments.type]: listAttachmentsHandler(deps),
  [removeAttachment.type]: removeAttachmentHandler(deps),
  [SYNC_MESSAGE_CLAIMS]: syncMessageClaimsHandler(deps),
  [FORGET_DELETED_MESSAGES]: forgetDeletedMessagesHandler(deps),
  [COLLECT_UNCLAIMED_UPLOADS]: collectUnclaimedHandler(deps),
  [exportRealm.type]: startExportHandler(deps),
  [getRealmExports.type]: listExportsHandler(deps),
  [deleteRealmExport.type]: deleteExportHandler(deps),
  [COMPLETE_REALM_EXPORT]: completeExportHandler(deps),
  [FAIL_REALM_EXPORT]: failExportHandler(deps),
});
