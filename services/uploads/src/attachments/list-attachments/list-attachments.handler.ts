import { Controller, Inject } from '@nestjs/common';
import { getAttachments, type ReplyOf } from '@zulip-es/contracts';
import { QueryPattern, type OperationContext } from '@zulip-es/platform';
import { UPLOADS_DEPS, type UploadsDeps } from '../../shared/uploads-deps';
import { attachmentView } from '../attachment.state';

@Controller()
export class ListAttachmentsHandler {
  constructor(@Inject(UPLOADS_DEPS) private readonly deps: UploadsDeps) {}

  /** GET /attachments: the caller's attachments and the organization's upload space used. */
  @QueryPattern(getAttachments)
  async list({ actorId }: OperationContext<typeof getAttachments>): Promise<ReplyOf<typeof getAttachments>> {
    const { repo } = this.deps;
    const [attachments, counters] = await Promise.all([repo.attachmentsOf(actorId!), repo.attachmentsCounters()]);
    return { attachments: attachments.map(attachmentView), upload_space_used: counters.spaceUsed };
  }
}
