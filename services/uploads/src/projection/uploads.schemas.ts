import { documentSchema } from '@zulip-es/platform';
import type { AttachmentsCounters, AttachmentState, MessageClaims } from '../attachments/attachment.state';
import type { RealmExportsState } from '../realm-exports/realm-exports.state';

/** The documents of the uploads projection, one schema per collection; every lookup is by `_id`. */
export type Doc<T> = T & { _id: string };

export const ATTACHMENTS = documentSchema<Doc<AttachmentState>>('attachments', {
  attachmentId: 'Number',
  ownerId: 'Number',
  pathId: 'String',
  name: 'String',
  size: 'Number',
  contentType: 'String',
  createdAt: 'String',
  image: 'Mixed',
  messages: 'Mixed',
  everClaimed: 'Boolean',
});
/** Each owner's attachment ids, ascending. */
export const OWNER_ATTACHMENTS = documentSchema<{ _id: string; ids: number[] }>('owner_attachments', { ids: ['Number'] });
/** Path id → attachment id (serving a file by its URL). */
export const ATTACHMENT_PATHS = documentSchema<{ _id: string; attachmentId: number }>('attachment_paths', { attachmentId: 'Number' });
/** Which uploads each message claims (messages that ever claimed one), by `message:<id>`. */
export const MESSAGE_CLAIMS = documentSchema<Doc<MessageClaims>>('message_claims', {
  messageId: 'Number',
  attachmentIds: ['Number'],
  dateSent: 'String',
});
export const COUNTERS = documentSchema<Doc<AttachmentsCounters>>('counters', {
  version: 'Number',
  lastAttachmentId: 'Number',
  spaceUsed: 'Number',
});
/** The organization's exports: one document, `realm_exports` (a few a week at most). */
export const REALM_EXPORTS = documentSchema<Doc<RealmExportsState>>('realm_exports', {
  version: 'Number',
  lastExportId: 'Number',
  exports: 'Mixed',
});
