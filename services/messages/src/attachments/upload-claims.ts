import { uploadPathIds } from './upload-links';

/** What deciding a message's claims needs to know of one linked upload that exists. */
export interface LinkedUpload {
  ownerId: number;
  /** Whether the sender can read a message that already claims it (Zulip's `validate_attachment_request`). */
  readableBySender: boolean;
}

/** The uploads a message's links name that exist, by path id (links to unknown paths are absent). */
export type LinkedUploads = Readonly<Record<string, LinkedUpload>>;

/**
 * Zulip's `do_claim_attachments`: of the uploads the content links to, a message claims those
 * that exist and that its sender owns or may already read (a user cannot make another's private
 * upload readable by linking to it). `alreadyClaimed`: on a content edit, the message's claims
 * before it; those still linked stay claimed without a new check (Zulip's
 * `check_attachment_reference_change` validates only the added ones). Sorted, each once.
 */
export function claimedPathIds(
  content: string,
  realmHost: string | null,
  senderId: number,
  linked: LinkedUploads,
  alreadyClaimed: readonly string[] = [],
): string[] {
  const kept = new Set(alreadyClaimed);
  const claims = uploadPathIds(content, realmHost).filter((pathId) => {
    const upload = Object.hasOwn(linked, pathId) ? linked[pathId] : undefined;
    if (!upload) return false; // no such upload, or deleted since
    return kept.has(pathId) || upload.ownerId === senderId || upload.readableBySender;
  });
  return claims.sort();
}

/** The event field: absent when the message claims nothing (as in events from before uploads). */
export const claimsField = (pathIds: readonly string[]): { attachmentPathIds?: string[] } =>
  pathIds.length > 0 ? { attachmentPathIds: [...pathIds] } : {};
