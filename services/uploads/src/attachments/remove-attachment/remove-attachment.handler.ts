import { removeAttachment, type OperationData } from '@zulip-es/contracts';
import type { CommandHandler } from '@zulip-es/platform';
import type { UploadsDeps } from '../../shared/uploads-deps';
import { decideRemoveAttachment } from './remove-attachment.decide';

/** DELETE /attachments/{attachment_id} (E17); the projection then removes the file. */
export function removeAttachmentHandler({ repo }: UploadsDeps): CommandHandler<OperationData<typeof removeAttachment>> {
  return {
    kind: 'command',
    schema: removeAttachment.params,
    async handle({ data, actorId }) {
      const [attachment, counters] = await Promise.all([repo.attachment(data.attachment_id), repo.attachmentsCounters()]);
      return { events: decideRemoveAttachment(attachment, counters, actorId!), reply: {} };
    },
    replyFrom: () => ({}),
  };
}
