import { getAttachments, type OperationData } from '@zulip-es/contracts';
import type { QueryHandler } from '@zulip-es/platform';
import type { UploadsDeps } from '../../shared/uploads-deps';
import { attachmentView } from '../attachment.state';

/** GET /attachments: the caller's attachments and the organization's upload space used. */
export function listAttachmentsHandler({ repo }: UploadsDeps): QueryHandler<OperationData<typeof getAttachments>> {
  return {
    kind: 'query',
    schema: getAttachments.params,
    async handle({ actorId }) {
      const [attachments, counters] = await Promise.all([repo.attachmentsOf(actorId!), repo.attachmentsCounters()]);
      return { attachments: attachments.map(attachmentView), upload_space_used: counters.spaceUsed };
    },
  };
}
