import { Controller, Inject } from '@nestjs/common';
import { getMessageHistory, type ReplyOf } from '@zulip-es/contracts';
import { badRequest, type OperationContext, QueryPattern } from '@zulip-es/platform';
import { MESSAGES_DEPS, type MessagesDeps } from '../../shared/messages-deps';
import { accessMessage } from '../read-messages/message-access';
import { visibleEditHistory } from '../read-messages/message-view';
import { messageHistory } from './message-history';

@Controller()
export class MessageHistoryHandler {
  constructor(@Inject(MESSAGES_DEPS) private readonly deps: MessagesDeps) {}

  /**
   * GET /messages/{message_id}/history: Zulip refuses it while the organization hides edit history,
   * and with "moves" shows only what moved the message.
   */
  @QueryPattern(getMessageHistory)
  async getMessageHistory({ actorId, data }: OperationContext<typeof getMessageHistory>): Promise<ReplyOf<typeof getMessageHistory>> {
    const { deps } = this;
    const policy = deps.users.realm!.messageEditHistoryVisibilityPolicy;
    if (policy === 'none') throw badRequest('Message edit history is disabled in this organization');
    const { message } = await accessMessage(deps, actorId, data.message_id);
    const history = visibleEditHistory(message.editHistory, policy).edit_history ?? [];
    return { message_history: messageHistory(message, history, data.allow_empty_topic_name) };
  }
}
