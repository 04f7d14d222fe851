import { Controller, Inject } from '@nestjs/common';
import { renderMessage, type ReplyOf } from '@zulip-es/contracts';
import { type OperationContext, QueryPattern } from '@zulip-es/platform';
import { channelsContext } from '../../channels/channels-context';
import { renderContextFor } from '../../rendering/render-context';
import { MESSAGES_DEPS, type MessagesDeps } from '../../shared/messages-deps';
import { renderContent } from '../render-content';
import { cutToMessageLength } from '../send-message/message-text';

@Controller()
export class RenderMessageHandler {
  constructor(@Inject(MESSAGES_DEPS) private readonly deps: MessagesDeps) {}

  /**
   * POST /messages/render: the content rendered as the caller's message would be, as a preview
   * (Zulip's `render_message_backend`). Content longer than a message is cut as sending cuts it:
   * rendering time grows faster than the text, so the preview stays as cheap as a message.
   */
  @QueryPattern(renderMessage)
  async renderMessage({ actorId, data }: OperationContext<typeof renderMessage>): Promise<ReplyOf<typeof renderMessage>> {
    const { deps } = this;
    const ctx = channelsContext(deps.users, actorId);
    const content = cutToMessageLength(data.content);
    return { rendered: renderContent(content, await renderContextFor(deps, ctx, ctx.actor, content)) };
  }
}
