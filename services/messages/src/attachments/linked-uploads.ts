import type { MessagesRepository } from '../projection/messages.repository';
import type { MessageReader } from '../messages/read-messages/message-access';
import type { AttachmentsReadModel } from './attachments-read-model';
import type { LinkedUploads } from './upload-claims';
import { uploadPathIds } from './upload-links';

/**
 * Loads what `claimedPathIds` needs for the links of `content`: each linked upload that exists,
 * its owner, and whether the reader (the sender) can read a message that claims it (asked only
 * of uploads they do not own).
 */
export async function linkedUploads(
  deps: { repo: MessagesRepository; attachments: AttachmentsReadModel },
  reader: MessageReader,
  content: string,
  realmHost: string | null,
): Promise<LinkedUploads> {
  const linked: Record<string, { ownerId: number; readableBySender: boolean }> = {};
  for (const pathId of uploadPathIds(content, realmHost)) {
    const attachment = deps.attachments.attachment(pathId);
    if (!attachment) continue;
    const owned = attachment.ownerId === reader.user.userId;
    linked[pathId] = { ownerId: attachment.ownerId, readableBySender: !owned && (await readsAClaimingMessage(deps.repo, reader, pathId)) };
  }
  return linked;
}

/** Whether the reader can read at least one message that claims the upload. */
export async function readsAClaimingMessage(repo: MessagesRepository, reader: MessageReader, pathId: string): Promise<boolean> {
  for (const message of await repo.messagesByIds(await repo.messagesClaiming(pathId))) {
    if (await reader.canRead(message)) return true;
  }
  return false;
}
