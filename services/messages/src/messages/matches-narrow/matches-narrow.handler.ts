import { Controller, Inject } from '@nestjs/common';
import { checkMessagesMatchNarrow, type ReplyOf } from '@zulip-es/contracts';
import { type OperationContext, QueryPattern } from '@zulip-es/platform';
import { djangoEscape } from '../../shared/django-escape';
import { MESSAGES_DEPS, type MessagesDeps } from '../../shared/messages-deps';
import { readNarrow } from '../read-messages/narrow-reading';

@Controller()
export class MatchesNarrowHandler {
  constructor(@Inject(MESSAGES_DEPS) private readonly deps: MessagesDeps) {}

  /**
   * GET /messages/matches_narrow: of `msg_ids`, those the caller received (Zulip reads only their
   * UserMessage rows) that match the narrow, each with Zulip's `match_content` (the rendered
   * content) and `match_subject` (the escaped topic).
   */
  @QueryPattern(checkMessagesMatchNarrow)
  async checkMessagesMatchNarrow({
    actorId,
    data,
  }: OperationContext<typeof checkMessagesMatchNarrow>): Promise<ReplyOf<typeof checkMessagesMatchNarrow>> {
    const { deps } = this;
    const { reader, loaded, matching } = await readNarrow(deps, actorId, data.narrow);
    const messages: Record<string, { match_content: string; match_subject: string }> = {};
    for (const id of await matching([...new Set(data.msg_ids)].sort((a, b) => a - b))) {
      const message = loaded.get(id)!;
      if (!(await reader.received(message))) continue;
      const topic = message.conversation.type === 'channel' ? message.conversation.topic : '';
      messages[String(id)] = { match_content: message.renderedContent, match_subject: djangoEscape(topic) };
    }
    return { messages };
  }
}
