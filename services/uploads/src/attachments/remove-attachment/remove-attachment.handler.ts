import { Controller, Inject } from '@nestjs/common';
import { removeAttachment } from '@zulip-es/contracts';
import { CommandPattern, type Decision, type OperationContext } from '@zulip-es/platform';
import { UPLOADS_DEPS, type UploadsDeps } from '../../shared/uploads-deps';
import { decideRemoveAttachment } from './remove-attachment.decide';

@Controller()
export class RemoveAttachmentHandler {
  constructor(@Inject(UPLOADS_DEPS) private readonly deps: UploadsDeps) {}

  /** DELETE /attachments/{attachment_id} (E17); the projection then removes the file. */
  @CommandPattern(removeAttachment)
  async remove({ data, actorId }: OperationContext<typeof removeAttachment>): Promise<Decision> {
    const { repo } = this.deps;
    const [attachment, counters] = await Promise.all([repo.attachment(data.attachment_id), repo.attachmentsCounters()]);
    return { events: decideRemoveAttachment(attachment, counters, actorId!), reply: {} };
  }
}
