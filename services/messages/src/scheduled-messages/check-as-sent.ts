import { DomainError } from '@zulip-es/platform';
import type { MessagesDeps } from '../shared/messages-deps';
import type { ReadUser } from '../users-read-model/users-read-model';
import type { Addressee } from '../messages/send-message/addressee';
import { sendAs } from '../messages/send-message/send-message.handler';
import type { MessageSentV1 } from '@zulip-es/contracts';
import type { CheckedMessage } from './scheduled-message.decide';

/**
 * Zulip's `check_message` for a message to be sent later: decided as if sent now (every check of
 * sending, and its rendering), nothing appended. Its recipients, text and HTML are kept.
 */
export async function checkAsSent(
  deps: MessagesDeps,
  sender: ReadUser,
  addressee: Addressee,
  content: string,
  client: string,
  now: Date,
  readBySender: boolean,
): Promise<CheckedMessage> {
  const decision = await sendAs(deps, sender, addressee, content, client, now, readBySender);
  const sent = decision.events.find((e) => e.type === 'message.sent.v1');
  if (!sent) throw new DomainError('INTERNAL_SERVER_ERROR', 'Checking the message gave no message');
  const data = sent.data as MessageSentV1['data'];
  return {
    conversation: data.conversation,
    content: data.content,
    renderedContent: data.renderedContent,
    readBySender: data.readBySender ?? readBySender,
  };
}
