import type { MessagesRepository } from '../projection/messages.repository';
import { uploadRefsDocId } from './upload-refs';

/**
 * Moves one message's claims from `before` to `after` in the `upload_refs` index. Each document
 * is rewritten as a set (adding an id present, removing one absent change nothing), so applying
 * the same change again is harmless; a document left with no message is deleted, so a rebuilt
 * projection holds exactly the same documents.
 */
export async function moveClaims(
  repo: MessagesRepository,
  messageId: number,
  before: readonly string[],
  after: readonly string[],
): Promise<void> {
  const removed = before.filter((p) => !after.includes(p));
  const added = after.filter((p) => !before.includes(p));
  await Promise.all([...removed.map((p) => setClaim(repo, p, messageId, false)), ...added.map((p) => setClaim(repo, p, messageId, true))]);
}

async function setClaim(repo: MessagesRepository, pathId: string, messageId: number, claims: boolean): Promise<void> {
  const _id = uploadRefsDocId(pathId);
  const ids = new Set(await repo.messagesClaiming(pathId));
  if (ids.has(messageId) === claims) return;
  if (claims) ids.add(messageId);
  else ids.delete(messageId);
  if (ids.size === 0) await repo.uploadRefs.deleteOne({ _id });
  else await repo.uploadRefs.replaceOne({ _id }, { pathId, messageIds: [...ids].sort((a, b) => a - b) }, { upsert: true });
}
