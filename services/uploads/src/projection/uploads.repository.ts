import { documentsOf, withoutId, type DocumentCollection, type ProjectionDb } from '@zulip-es/platform';
import {
  ATTACHMENTS_AGGREGATE,
  NO_ATTACHMENTS,
  type AttachmentsCounters,
  type AttachmentState,
  type MessageClaims,
} from '../attachments/attachment.state';
import { NO_REALM_EXPORTS, REALM_EXPORTS_AGGREGATE, type RealmExportsState } from '../realm-exports/realm-exports.state';
import { ATTACHMENT_PATHS, ATTACHMENTS, COUNTERS, MESSAGE_CLAIMS, OWNER_ATTACHMENTS, REALM_EXPORTS, type Doc } from './uploads.schemas';

export const attachmentDocId = (attachmentId: number): string => `attachment:${attachmentId}`;
export const ownerDocId = (userId: number): string => `owner:${userId}`;
export const messageClaimsDocId = (messageId: number): string => `message:${messageId}`;

/**
 * The uploads service's projection. Every lookup and write is by `_id` (the local store pushes
 * only those down to SQL): attachments by `attachment:<id>`, each owner's attachment ids by
 * `owner:<userId>`, attachment ids by path id, and the attachments aggregate's counters.
 */
export class UploadsRepository {
  readonly attachments: DocumentCollection<Doc<AttachmentState>>;
  /** Each owner's attachment ids, ascending. */
  readonly ownerAttachments: DocumentCollection<{ _id: string; ids: number[] }>;
  /** Path id → attachment id (serving a file by its URL). */
  readonly attachmentPaths: DocumentCollection<{ _id: string; attachmentId: number }>;
  /** Which uploads each message claims (messages that ever claimed one), by `message:<id>`. */
  readonly messageClaims: DocumentCollection<Doc<MessageClaims>>;
  readonly counters: DocumentCollection<Doc<AttachmentsCounters>>;
  /** The organization's exports: one document, `realm_exports` (a few a week at most). */
  readonly realmExportsDoc: DocumentCollection<Doc<RealmExportsState>>;

  /** `db`: the service's database, or the documents a rebuild hands its projection. */
  constructor(db: ProjectionDb) {
    const documents = documentsOf(db);
    this.attachments = documents.of(ATTACHMENTS);
    this.ownerAttachments = documents.of(OWNER_ATTACHMENTS);
    this.attachmentPaths = documents.of(ATTACHMENT_PATHS);
    this.messageClaims = documents.of(MESSAGE_CLAIMS);
    this.counters = documents.of(COUNTERS);
    this.realmExportsDoc = documents.of(REALM_EXPORTS);
  }

  async realmExports(): Promise<RealmExportsState> {
    const doc = await this.realmExportsDoc.findOne({ _id: REALM_EXPORTS_AGGREGATE });
    return doc ? withoutId(doc) : NO_REALM_EXPORTS;
  }

  async attachment(attachmentId: number): Promise<AttachmentState | null> {
    const doc = await this.attachments.findOne({ _id: attachmentDocId(attachmentId) });
    return doc ? withoutId(doc) : null;
  }

  async attachmentByPath(pathId: string): Promise<AttachmentState | null> {
    const path = await this.attachmentPaths.findOne({ _id: pathId });
    return path ? this.attachment(path.attachmentId) : null;
  }

  async claimsOf(messageId: number): Promise<MessageClaims | null> {
    const doc = await this.messageClaims.findOne({ _id: messageClaimsDocId(messageId) });
    return doc ? withoutId(doc) : null;
  }

  /** Every attachment (garbage collection only: the local store scans the collection). */
  async allAttachments(): Promise<AttachmentState[]> {
    return (await this.attachments.find({})).map((doc) => withoutId(doc));
  }

  async attachmentsCounters(): Promise<AttachmentsCounters> {
    const doc = await this.counters.findOne({ _id: ATTACHMENTS_AGGREGATE });
    return doc ? withoutId(doc) : NO_ATTACHMENTS;
  }

  async ownerAttachmentIds(userId: number): Promise<number[]> {
    return (await this.ownerAttachments.findOne({ _id: ownerDocId(userId) }))?.ids ?? [];
  }

  /** The owner's attachments, oldest first, each looked up by `_id`. */
  async attachmentsOf(userId: number): Promise<AttachmentState[]> {
    const found = await Promise.all((await this.ownerAttachmentIds(userId)).map((id) => this.attachment(id)));
    return found.filter((a): a is AttachmentState => a !== null);
  }
}
