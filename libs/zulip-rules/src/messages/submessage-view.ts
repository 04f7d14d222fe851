import type { Submessage } from '@zulip-es/contracts';

/** Zulip's `SubMessage.get_raw_db_rows` row in a message payload (`GET /messages`, the `message` event). */
export const submessageView = (messageId: number, s: Submessage) => ({
  id: s.submessageId,
  message_id: messageId,
  sender_id: s.senderId,
  msg_type: s.msgType,
  content: s.content,
});
