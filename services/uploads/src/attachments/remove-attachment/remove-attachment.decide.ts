import type { AttachmentRemovedV1 } from '@zulip-es/contracts';
import { DomainError } from '@zulip-es/platform';
import { ATTACHMENTS_AGGREGATE, type AttachmentsCounters, type AttachmentState } from '../attachment.state';
import type { UploadsNewEvent } from '../../shared/uploads-new-event';

/** E17: only the owner removes an attachment; any other id, or another user's, is `Invalid attachment`. */
export function decideRemoveAttachment(
  attachment: AttachmentState | null,
  counters: AttachmentsCounters,
  actorId: number,
): UploadsNewEvent[] {
  if (!attachment || attachment.ownerId !== actorId) throw new DomainError('BAD_REQUEST', 'Invalid attachment');
  const { attachmentId, ownerId, pathId, size } = attachment;
  const event: AttachmentRemovedV1 = { type: 'attachment.removed.v1', data: { attachmentId, ownerId, pathId, size } };
  return [{ ...event, aggregateId: ATTACHMENTS_AGGREGATE, sequence: counters.version + 1 }];
}
