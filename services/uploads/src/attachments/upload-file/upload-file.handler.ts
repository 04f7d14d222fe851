import { UploadFileData } from '@zulip-es/contracts';
import type { CommandHandler } from '@zulip-es/platform';
import type { UploadsDeps } from '../../shared/uploads-deps';
import { uploadReply } from '../attachment.state';
import { decideUploadFile } from './upload-file.decide';

/** POST /user_uploads (E21): the gateway stored the file; this records it as an attachment. */
export function uploadFileHandler({ repo, maxFileUploadSizeMib, uploadQuotaMib }: UploadsDeps): CommandHandler<UploadFileData> {
  return {
    kind: 'command',
    schema: UploadFileData,
    async handle({ data, actorId, now }) {
      const events = decideUploadFile(data, await repo.attachmentsCounters(), { actorId: actorId!, now, maxFileUploadSizeMib, uploadQuotaMib });
      return { events, reply: uploadReply(data.file) };
    },
    replyFrom: (events) => uploadReply(events[0]!.data as { pathId: string; name: string }),
  };
}
