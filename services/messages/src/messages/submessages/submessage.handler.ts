import { Controller, Inject } from '@nestjs/common';
import { sendSubmessage } from '@zulip-es/contracts';
import { CommandPattern, type Decision, type MessageContext } from '@zulip-es/platform';
import { MESSAGES_DEPS, type MessagesDeps } from '../../shared/messages-deps';
import { readerFor } from '../read-messages/message-access';
import { decideSubmessage, type SendSubmessage } from './submessage.decide';

@Controller()
export class SubmessageHandler {
  constructor(@Inject(MESSAGES_DEPS) private readonly deps: MessagesDeps) {}

  /** POST /submessage. */
  @CommandPattern(sendSubmessage)
  async sendSubmessage({ actorId, data }: MessageContext<SendSubmessage>): Promise<Decision> {
    const { deps } = this;
    const reader = await readerFor(deps, actorId);
    const [found, messagesVersion] = await Promise.all([deps.repo.message(data.message_id), deps.repo.messagesVersion()]);
    const message = found && (await reader.canRead(found)) ? found : null;
    return decideSubmessage(data, { actorId: reader.user.userId, message, messagesVersion });
  }
}
