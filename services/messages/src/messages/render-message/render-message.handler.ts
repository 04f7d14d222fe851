import { renderMessage, type OperationData } from '@zulip-es/contracts';
import type { QueryHandler } from '@zulip-es/platform';
import { channelsContext } from '../../channels/channels-context';
import { renderContextFor } from '../../rendering/render-context';
import type { MessagesDeps } from '../../shared/messages-deps';
import { renderContent } from '../render-content';
import { cutToMessageLength } from '../send-message/message-text';

/**
 * POST /messages/render: the content rendered as the caller's message would be, as a preview
 * (Zulip's `render_message_backend`). Content longer than a message is cut as sending cuts it:
 * rendering time grows faster than the text, so the preview stays as cheap as a message.
 */
export function renderMessageHandler(deps: MessagesDeps): QueryHandler<OperationData<typeof renderMessage>> {
  return {
    kind: 'query',
    schema: renderMessage.params,
    async handle({ actorId, data }) {
      const ctx = channelsContext(deps.users, actorId);
      const content = cutToMessageLength(data.content);
      return { rendered: renderContent(content, await renderContextFor(deps, ctx, ctx.actor, content)) };
    },
  };
}
