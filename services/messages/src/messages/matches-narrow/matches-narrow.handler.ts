import { checkMessagesMatchNarrow, type OperationData } from '@zulip-es/contracts';
import type { QueryHandler } from '@zulip-es/platform';
import { djangoEscape } from '../../shared/django-escape';
import type { MessagesDeps } from '../../shared/messages-deps';
import { readNarrow } from '../read-messages/narrow-reading';

/**
 * GET /messages/matches_narrow: of `msg_ids`, those the caller received (Zulip reads only their
 * UserMessage rows) that match the narrow, each with Zulip's `match_content` (the rendered
 * content) and `match_subject` (the escaped topic).
 */
export function checkMessagesMatchNarrowHandler(deps: MessagesDeps): QueryHandler<OperationData<typeof checkMessagesMatchNarrow>> {
  return {
    kind: 'query',
    schema: checkMessagesMatchNarrow.params,
    async handle({ actorId, data }) {
      const { reader, loaded, matching } = await readNarrow(deps, actorId, data.narrow);
      const messages: Record<string, { match_content: string; match_subject: string }> = {};
      for (const id of await matching([...new Set(data.msg_ids)].sort((a, b) => a - b))) {
        const message = loaded.get(id)!;
        if (!(await reader.received(message))) continue;
        const topic = message.conversation.type === 'channel' ? message.conversation.topic : '';
        messages[String(id)] = { match_content: message.renderedContent, match_subject: djangoEscape(topic) };
      }
      return { messages };
    },
  };
}
