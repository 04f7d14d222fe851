import type { ClientEventsOf } from './client-event';
import { readersOf } from './message-changes';

/** Zulip's `submessage` event, to the message's readers and to whoever added it (who may read a public channel unsubscribed). */
export const submessageAdded: ClientEventsOf<'submessage.added.v1'> = ({ data }, directory) => {
  const readers = new Set(readersOf(directory, data.conversation));
  if (directory.user(data.senderId)?.isActive) readers.add(data.senderId);
  const event = {
    type: 'submessage',
    msg_type: data.msgType,
    message_id: data.messageId,
    submessage_id: data.submessageId,
    sender_id: data.senderId,
    content: data.content,
  };
  return [{ userIds: [...readers], event }];
};
