import {
  evolveRealmExport,
  thumbnailKey,
  UploadsEvent,
  type AttachmentClaimedV1,
  type AttachmentRemovedV1,
  type AttachmentUnclaimedV1,
  type AttachmentUploadedV1,
  type EventEnvelope,
  type RealmExportEvent,
} from '@zulip-es/contracts';
import { afterEventWritten, type ObjectStore, type Projection, projectionDatabase } from '@zulip-es/platform';
import { ATTACHMENTS_AGGREGATE, type AttachmentsCounters } from '../attachments/attachment.state';
import { REALM_EXPORTS_AGGREGATE } from '../realm-exports/realm-exports.state';
import type { ClaimingMessages } from './claiming-messages';
import { attachmentDocId, messageClaimsDocId, ownerDocId, type UploadsRepository } from './uploads.repository';

/**
 * See `Projection.version` (it names the service's database). 1: attachments, their owners' lists, their paths and the aggregate's counters. 2: the
 * messages claiming each attachment, and each message's claims. 3: whether a message ever
 * claimed an attachment. 4: organization exports.
 */
export const UPLOADS_PROJECTION_VERSION = 4;
/** The service's database: its projection at this version (see projectionDatabase). */
export const UPLOADS_DATABASE = projectionDatabase('uploads', UPLOADS_PROJECTION_VERSION);

/**
 * Applies `uploads.events` to Mongo. Every attachment event belongs to the one `attachments`
 * aggregate, whose version (in `counters`) is written last: an event at or below it was applied
 * whole and is skipped; one above it is applied again whole (each write is repeatable: documents
 * replaced or deleted by id, owner lists changed as sets, the space recomputed from the counters
 * as they were before the event).
 *
 * A removed attachment's object is removed from the bucket once its records are gone, here,
 * so a crash before that is repaired by applying the event again at the next start. A rebuild
 * passes no bucket: those objects went when the events were first applied.
 */
export class UploadsProjection implements Projection {
  readonly version = UPLOADS_PROJECTION_VERSION;

  constructor(
    private readonly repo: UploadsRepository,
    private readonly objects?: Pick<ObjectStore, 'remove' | 'list'>,
    /** Kept current as claims are applied (the live service's; a rebuild passes none). */
    private readonly claiming?: ClaimingMessages,
    /** Queues an export's job once its request is applied (the live service's; a rebuild passes none). */
    private readonly exportJobs?: { enqueue(exportId: number): Promise<void> },
  ) {}

  async apply(envelope: EventEnvelope): Promise<void> {
    const event = UploadsEvent.parse({ type: envelope.type, data: envelope.data });
    if (envelope.aggregateId === REALM_EXPORTS_AGGREGATE) return this.applyExportEvent(event as RealmExportEvent, envelope.sequence);
    const counters = await this.repo.attachmentsCounters();
    if (counters.version >= envelope.sequence) return;
    const claims = await this.applyEvent(event, envelope, counters);
    this.claiming?.applied(envelope.sequence, claims);
  }

  /**
   * The file and its thumbnails, once the event is written (a command group's events may not be
   * in Kafka yet); listing finds thumbnails of files recorded before they had any.
   */
  private async removeObjects(pathId: string): Promise<void> {
    const objects = this.objects;
    if (!objects) return;
    await afterEventWritten(async () => {
      await objects.remove(pathId);
      for await (const thumbnail of objects.list(thumbnailKey(pathId))) await objects.remove(thumbnail.key);
    });
  }

  /** Applies one event; answers the claims it left the message it changed, if it changed one. */
  private async applyEvent(
    event: UploadsEvent,
    envelope: EventEnvelope,
    counters: AttachmentsCounters,
  ): Promise<{ messageId: number; any: boolean } | undefined> {
    switch (event.type) {
      case 'attachment.uploaded.v1':
        await this.applyUploaded(event);
        await this.repo.counters.replaceOne(
          { _id: ATTACHMENTS_AGGREGATE },
          {
            version: envelope.sequence,
            lastAttachmentId: Math.max(counters.lastAttachmentId, event.data.attachmentId),
            spaceUsed: counters.spaceUsed + event.data.size,
          },
          { upsert: true },
        );
        return;
      case 'attachment.removed.v1':
        await this.applyRemoved(event);
        await this.repo.counters.replaceOne(
          { _id: ATTACHMENTS_AGGREGATE },
          { ...counters, version: envelope.sequence, spaceUsed: counters.spaceUsed - event.data.size },
          { upsert: true },
        );
        await this.removeObjects(event.data.pathId);
        return;
      case 'attachment.claimed.v1':
      case 'attachment.unclaimed.v1': {
        const left = await this.applyClaim(event);
        await this.repo.counters.replaceOne({ _id: ATTACHMENTS_AGGREGATE }, { ...counters, version: envelope.sequence }, { upsert: true });
        return { messageId: event.data.messageId, any: left > 0 };
      }
      case 'realm_export.requested.v1':
      case 'realm_export.succeeded.v1':
      case 'realm_export.failed.v1':
      case 'realm_export.deleted.v1':
        throw new Error(`${event.type} outside the ${REALM_EXPORTS_AGGREGATE} aggregate`);
      default: {
        const unexpected: never = event;
        throw new Error(`no projection for ${JSON.stringify(unexpected)}`);
      }
    }
  }

  /** The owner's list changes as a set in the store: no read first, and no rewrite of a long list. */
  private async applyUploaded({ data }: AttachmentUploadedV1): Promise<void> {
    await Promise.all([
      this.repo.attachments.replaceOne({ _id: attachmentDocId(data.attachmentId) }, data, { upsert: true }),
      this.repo.attachmentPaths.replaceOne({ _id: data.pathId }, { attachmentId: data.attachmentId }, { upsert: true }),
      this.repo.ownerAttachments.updateOne({ _id: ownerDocId(data.ownerId) }, { $addToSet: { ids: data.attachmentId } }, { upsert: true }),
    ]);
  }

  /** Both sides of a claim, each written as a set, so applying the event again changes nothing. */
  /** Answers how many uploads the message claims after it. */
  private async applyClaim(event: AttachmentClaimedV1 | AttachmentUnclaimedV1): Promise<number> {
    const { attachmentId, messageId } = event.data;
    const [attachment, claims] = await Promise.all([this.repo.attachment(attachmentId), this.repo.claimsOf(messageId)]);
    const others = (attachment?.messages ?? []).filter((m) => m.messageId !== messageId);
    const otherIds = (claims?.attachmentIds ?? []).filter((id) => id !== attachmentId);
    if (event.type === 'attachment.claimed.v1') {
      const { dateSent } = event.data;
      await Promise.all([
        attachment
          ? this.repo.attachments.replaceOne(
              { _id: attachmentDocId(attachmentId) },
              {
                ...attachment,
                everClaimed: true,
                messages: [...others, { messageId, dateSent }].sort((a, b) => a.messageId - b.messageId),
              },
            )
          : null,
        this.repo.messageClaims.replaceOne(
          { _id: messageClaimsDocId(messageId) },
          { messageId, dateSent, attachmentIds: [...otherIds, attachmentId].sort((a, b) => a - b) },
          { upsert: true },
        ),
      ]);
      return otherIds.length + 1;
    }
    await Promise.all([
      attachment ? this.repo.attachments.replaceOne({ _id: attachmentDocId(attachmentId) }, { ...attachment, messages: others }) : null,
      claims ? this.repo.messageClaims.replaceOne({ _id: messageClaimsDocId(messageId) }, { ...claims, attachmentIds: otherIds }) : null,
    ]);
    return otherIds.length;
  }

  /**
   * The exports document, written whole. Side effects come after it, so applying the event again
   * (a crash in between) repeats them: queuing the job (one job id per export: an existing job is
   * left as it is) and removing a deleted export's archive (removing an absent object succeeds).
   */
  private async applyExportEvent(event: RealmExportEvent, sequence: number): Promise<void> {
    const state = await this.repo.realmExports();
    if (state.version < sequence) {
      const current = state.exports.find((e) => e.exportId === event.data.exportId) ?? null;
      const evolved = evolveRealmExport(current, event);
      const exports = state.exports.filter((e) => e.exportId !== event.data.exportId);
      if (evolved) exports.push(evolved);
      exports.sort((a, b) => a.exportId - b.exportId);
      await this.repo.realmExportsDoc.replaceOne(
        { _id: REALM_EXPORTS_AGGREGATE },
        { version: sequence, lastExportId: Math.max(state.lastExportId, event.data.exportId), exports },
        { upsert: true },
      );
    }
    // Once the event is written. Redis unreachable fails no event: the export worker queues a
    // pending export without a job within a minute.
    const { exportJobs, objects } = this;
    if (event.type === 'realm_export.requested.v1' && exportJobs) {
      const { exportId } = event.data;
      await afterEventWritten(() => exportJobs.enqueue(exportId).catch(() => undefined));
    }
    if (event.type === 'realm_export.deleted.v1' && objects) {
      const { path } = event.data;
      await afterEventWritten(() => objects.remove(path));
    }
  }

  private async applyRemoved({ data }: AttachmentRemovedV1): Promise<void> {
    await Promise.all([
      this.repo.attachments.deleteOne({ _id: attachmentDocId(data.attachmentId) }),
      this.repo.attachmentPaths.deleteOne({ _id: data.pathId }),
      this.repo.ownerAttachments.updateOne({ _id: ownerDocId(data.ownerId) }, { $pull: { ids: data.attachmentId } }),
    ]);
  }
}
