import { getMessageHistory, type OperationData } from '@zulip-es/contracts';
import { badRequest, type QueryHandler } from '@zulip-es/platform';
import type { MessagesDeps } from '../../shared/messages-deps';
import { accessMessage } from '../read-messages/message-access';
import { visibleEditHistory } from '../read-messages/message-view';
import { messageHistory } from './message-history';

/**
 * GET /messages/{message_id}/history: Zulip refuses it while the organization hides edit history,
 * and with "moves" shows only what moved the message.
 */
export function getMessageHistoryHandler(deps: MessagesDeps): QueryHandler<OperationData<typeof getMessageHistory>> {
  return {
    kind: 'query',
    schema: getMessageHistory.params,
    async handle({ actorId, data }) {
      const policy = deps.users.realm!.messageEditHistoryVisibilityPolicy;
      if (policy === 'none') throw badRequest('Message edit history is disabled in this organization');
      const { message } = await accessMessage(deps, actorId, data.message_id);
      const history = visibleEditHistory(message.editHistory, policy).edit_history ?? [];
      return { message_history: messageHistory(message, history, data.allow_empty_topic_name) };
    },
  };
}
