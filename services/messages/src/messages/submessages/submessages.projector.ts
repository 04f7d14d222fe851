import type { SubmessageAddedV1 } from '@zulip-es/contracts';
import type { MessagesRepository } from '../../projection/messages.repository';
import { messageDocId } from '../message.state';

/**
 * A submessage, appended to its message's document. The document's version says whether this
 * event already wrote it; a message deleted since has nothing to change.
 */
export async function applySubmessage(repo: MessagesRepository, event: SubmessageAddedV1, sequence: number): Promise<void> {
  const { messageId, submessageId, senderId, msgType, content } = event.data;
  const message = await repo.message(messageId);
  if (!message || message.version >= sequence) return;
  const submessages = [...(message.submessages ?? []), { submessageId, senderId, msgType, content }];
  await repo.messages.updateOne({ _id: messageDocId(messageId) }, { $set: { submessages, version: sequence } });
}
