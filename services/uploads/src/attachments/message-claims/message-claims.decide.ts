import type {
  AttachmentClaimedV1,
  AttachmentRemovedV1,
  AttachmentUnclaimedV1,
  ForgetDeletedMessages,
  SyncMessageClaims,
} from '@zulip-es/contracts';
import { ATTACHMENTS_AGGREGATE, type AttachmentsCounters, type AttachmentState, type MessageClaims } from '../attachment.state';
import type { UploadsNewEvent } from '../../shared/uploads-new-event';

type ClaimEvent = AttachmentClaimedV1 | AttachmentUnclaimedV1 | AttachmentRemovedV1;

/** Numbers the events as the next versions of the attachments aggregate. */
const sequenced = (events: ClaimEvent[], counters: AttachmentsCounters): UploadsNewEvent[] =>
  events.map((event, i) => ({ ...event, aggregateId: ATTACHMENTS_AGGREGATE, sequence: counters.version + i + 1 }));

/**
 * A message now claims the uploads at `claimed` (those of its path ids that still exist): each
 * one it did not claim before is claimed, each one it claimed and no longer does is released.
 * The messages service decided the claims; a path id whose upload is gone since is skipped.
 */
export function decideSyncMessageClaims(
  data: SyncMessageClaims,
  previous: MessageClaims | null,
  claimed: AttachmentState[],
  counters: AttachmentsCounters,
): UploadsNewEvent[] {
  const before = new Set(previous?.attachmentIds ?? []);
  const now = new Set(claimed.map((a) => a.attachmentId));
  const dateSent = previous?.dateSent ?? data.dateSent;
  const events: ClaimEvent[] = [];
  if (dateSent !== undefined) {
    for (const id of [...now].filter((id) => !before.has(id)).sort((a, b) => a - b)) {
      events.push({ type: 'attachment.claimed.v1', data: { attachmentId: id, messageId: data.messageId, dateSent } });
    }
  }
  for (const id of [...before].filter((id) => !now.has(id)).sort((a, b) => a - b)) {
    events.push({ type: 'attachment.unclaimed.v1', data: { attachmentId: id, messageId: data.messageId } });
  }
  return sequenced(events, counters);
}

/**
 * Deleted messages release every upload they claimed; an upload that no message claims any more
 * is removed with its file (as its owner's E17 would), once, after its last release.
 */
export function decideForgetDeletedMessages(
  data: ForgetDeletedMessages,
  claims: MessageClaims[],
  attachments: AttachmentState[],
  counters: AttachmentsCounters,
): UploadsNewEvent[] {
  const deleted = new Set(data.messageIds);
  const byId = new Map(attachments.map((a) => [a.attachmentId, a]));
  const events: ClaimEvent[] = [];
  const released = new Set<number>();
  for (const claim of [...claims].sort((a, b) => a.messageId - b.messageId)) {
    for (const attachmentId of claim.attachmentIds) {
      if (!byId.has(attachmentId)) continue;
      events.push({ type: 'attachment.unclaimed.v1', data: { attachmentId, messageId: claim.messageId } });
      released.add(attachmentId);
    }
  }
  for (const attachmentId of [...released].sort((a, b) => a - b)) {
    const attachment = byId.get(attachmentId)!;
    if ((attachment.messages ?? []).some((m) => !deleted.has(m.messageId))) continue;
    const { ownerId, pathId, size } = attachment;
    events.push({ type: 'attachment.removed.v1', data: { attachmentId, ownerId, pathId, size, reason: 'messages_deleted' } });
  }
  return sequenced(events, counters);
}
