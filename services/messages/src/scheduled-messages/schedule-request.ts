import type { ScheduledMessage } from '@zulip-es/contracts';
import { badRequest } from '@zulip-es/platform';
import { recipientOf } from '@zulip-es/zulip-rules';
import type { Addressee } from '../messages/send-message/addressee';

/** Zulip's `DeliveryTimeNotInFutureError`. */
export const notInFuture = () => badRequest('Scheduled delivery time must be in the future.');

/** Zulip's `Message.API_RECIPIENT_TYPES`, as the two kinds of conversation. */
export function recipientKind(type: string): 'channel' | 'direct' {
  if (type === 'stream' || type === 'channel') return 'channel';
  if (type === 'direct' || type === 'private') return 'direct';
  throw badRequest('Invalid type: Value error, Not in the list of possible values');
}

/** Zulip's `extract_stream_id` / `extract_direct_message_recipient_ids` and `Addressee.legacy_build` for ids. */
export function addresseeOf(kind: 'channel' | 'direct', to: number | number[], topic: string | undefined): Addressee {
  if (kind === 'channel') {
    if (Array.isArray(to)) throw badRequest('Invalid data type for channel ID');
    if (topic === undefined) throw badRequest('Missing topic');
    return { kind: 'channel', channel: { id: to }, topic };
  }
  if (!Array.isArray(to)) throw badRequest('Invalid data type for recipients');
  if (to.length === 0) throw badRequest('Message must have recipients');
  return { kind: 'direct', recipients: { userIds: [...new Set(to)] } };
}

/** The addressee a scheduled message has now, for checking it again with some parts changed. */
export function currentAddressee(message: Pick<ScheduledMessage, 'conversation' | 'senderId'>): Addressee {
  const recipient = recipientOf(message.conversation, message.senderId);
  return recipient.type === 'stream'
    ? { kind: 'channel', channel: { id: recipient.to }, topic: recipient.topic }
    : { kind: 'direct', recipients: { userIds: recipient.to } };
}
