import { AttachmentAccess, type AttachmentAccessReply } from '@zulip-es/contracts';
import type { QueryHandler } from '@zulip-es/platform';
import { channelsContext } from '../channels/channels-context';
import { MessageReader } from '../messages/read-messages/message-access';
import type { MessagesDeps } from '../shared/messages-deps';
import { readsAClaimingMessage } from './linked-uploads';

/**
 * `attachment.access`, asked by the gateway before it serves an upload's bytes. Zulip's
 * `validate_attachment_request`: the uploader may read it, and so may whoever can read a message
 * claiming it; an unknown (or deleted) path is `missing`.
 */
export function attachmentAccessHandler(deps: MessagesDeps): QueryHandler<AttachmentAccess> {
  return {
    kind: 'query',
    schema: AttachmentAccess,
    async handle({ actorId, data }): Promise<AttachmentAccessReply> {
      const attachment = deps.attachments.attachment(data.pathId);
      if (!attachment) return { access: 'missing' };
      const ctx = channelsContext(deps.users, actorId);
      if (attachment.ownerId === ctx.actor.userId) return { access: 'allowed' };
      const reader = new MessageReader(deps.repo, ctx.actor, ctx, await deps.repo.subscriptionsOf(ctx.actor.userId));
      return { access: (await readsAClaimingMessage(deps.repo, reader, data.pathId)) ? 'allowed' : 'forbidden' };
    },
  };
}
