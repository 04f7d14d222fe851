import type { AttachmentRemovedV1, CollectUnclaimedUploads } from '@zulip-es/contracts';
import { ATTACHMENTS_AGGREGATE, type AttachmentsCounters, type AttachmentState } from '../attachments/attachment.state';
import type { UploadsNewEvent } from '../shared/uploads-new-event';

/**
 * Uploads no message ever claimed, uploaded before the cutoff, go with their files (oldest
 * first). One a message claimed and an edit then dropped stays: its owner may still post it, and
 * `detached_uploads` offered them its deletion.
 */
export function decideCollectUnclaimed(
  data: CollectUnclaimedUploads,
  attachments: AttachmentState[],
  counters: AttachmentsCounters,
): UploadsNewEvent[] {
  const cutoff = Date.parse(data.uploadedBefore);
  return attachments
    .filter((a) => !a.everClaimed && (a.messages ?? []).length === 0 && Date.parse(a.createdAt) < cutoff)
    .sort((a, b) => a.attachmentId - b.attachmentId)
    .map(({ attachmentId, ownerId, pathId, size }, i) => {
      const event: AttachmentRemovedV1 = {
        type: 'attachment.removed.v1',
        data: { attachmentId, ownerId, pathId, size, reason: 'unclaimed' },
      };
      return { ...event, aggregateId: ATTACHMENTS_AGGREGATE, sequence: counters.version + i + 1 };
    });
}
