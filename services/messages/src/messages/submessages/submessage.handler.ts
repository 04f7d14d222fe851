import { sendSubmessage } from '@zulip-es/contracts';
import type { CommandHandler } from '@zulip-es/platform';
import type { MessagesDeps } from '../../shared/messages-deps';
import { readerFor } from '../read-messages/message-access';
import { decideSubmessage, type SendSubmessage } from './submessage.decide';

/** POST /submessage. */
export function sendSubmessageHandler(deps: MessagesDeps): CommandHandler<SendSubmessage> {
  return {
    kind: 'command',
    schema: sendSubmessage.params,
    async handle({ actorId, data }) {
      const reader = await readerFor(deps, actorId);
      const [found, messagesVersion] = await Promise.all([deps.repo.message(data.message_id), deps.repo.messagesVersion()]);
      const message = found && (await reader.canRead(found)) ? found : null;
      return decideSubmessage(data, { actorId: reader.user.userId, message, messagesVersion });
    },
    replyFrom: () => ({}),
  };
}
