import { Controller, Inject } from '@nestjs/common';
import { AttachmentAccess, type AttachmentAccessReply, ATTACHMENT_ACCESS } from '@zulip-es/contracts';
import { type MessageContext, QueryPattern } from '@zulip-es/platform';
import { channelsContext } from '../channels/channels-context';
import { MessageReader } from '../messages/read-messages/message-access';
import { MESSAGES_DEPS, type MessagesDeps } from '../shared/messages-deps';
import { readsAClaimingMessage } from './linked-uploads';

@Controller()
export class AttachmentAccessHandler {
  constructor(@Inject(MESSAGES_DEPS) private readonly deps: MessagesDeps) {}

  /**
   * `attachment.access`, asked by the gateway before it serves an upload's bytes. Zulip's
   * `validate_attachment_request`: the uploader may read it, and so may whoever can read a message
   * claiming it; an unknown (or deleted) path is `missing`.
   */
  @QueryPattern({ type: ATTACHMENT_ACCESS, params: AttachmentAccess })
  async attachmentAccess({ actorId, data }: MessageContext<AttachmentAccess>): Promise<AttachmentAccessReply> {
    const { deps } = this;
    const attachment = deps.attachments.attachment(data.pathId);
    if (!attachment) return { access: 'missing' };
    const ctx = channelsContext(deps.users, actorId);
    if (attachment.ownerId === ctx.actor.userId) return { access: 'allowed' };
    const reader = new MessageReader(deps.repo, ctx.actor, ctx, await deps.repo.subscriptionsOf(ctx.actor.userId));
    return { access: (await readsAClaimingMessage(deps.repo, reader, data.pathId)) ? 'allowed' : 'forbidden' };
  }
}
