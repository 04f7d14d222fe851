import type { ReadAttachment } from './attachments-read-model';

/** One upload the message claimed before a content edit, as the edit's decision needs it. */
export interface PreviousClaim {
  attachment: ReadAttachment;
  /** Whether a message other than the edited one claims it too. */
  claimedElsewhere: boolean;
}

/** Zulip's attachment dict (`Attachment.to_dict`) of an upload no message claims. */
export interface DetachedUpload {
  id: number;
  name: string;
  path_id: string;
  size: number;
  /** Milliseconds. */
  create_time: number;
  messages: never[];
}

/**
 * Zulip's `check_attachment_reference_change`: of the uploads the message claimed before the
 * edit and no longer does, those of `ownerId` (the message's sender, who alone edits content)
 * that no other message claims, sorted by id.
 */
export function detachedUploads(
  previous: Readonly<Record<string, PreviousClaim>>,
  claimsAfter: readonly string[],
  ownerId: number,
): DetachedUpload[] {
  const after = new Set(claimsAfter);
  return Object.entries(previous)
    .filter(([pathId, claim]) => !after.has(pathId) && claim.attachment.ownerId === ownerId && !claim.claimedElsewhere)
    .map(([, { attachment: a }]) => ({
      id: a.attachmentId,
      name: a.name,
      path_id: a.pathId,
      size: a.size,
      create_time: Math.floor(Date.parse(a.createdAt) / 1000) * 1000,
      messages: [],
    }))
    .sort((a, b) => a.id - b.id);
}
