import { UploadFileData } from '@zulip-es/contracts';
import type { CommandHandler } from '@zulip-es/platform';
import type { UploadsDeps } from '../../shared/uploads-deps';
import { uploadReply } from '../attachment.state';
import { checkUploadFile, decideUploadFile } from './upload-file.decide';

/** POST /user_uploads: the gateway stored the file; this records it as an attachment. */
export function uploadFileHandler({
  repo,
  maxFileUploadSizeMib,
  uploadQuotaMib,
  thumbnailer,
}: UploadsDeps): CommandHandler<UploadFileData> {
  return {
    kind: 'command',
    schema: UploadFileData,
    async handle({ data, actorId, now }) {
      const counters = await repo.attachmentsCounters();
      const ctx = { actorId: actorId!, now, maxFileUploadSizeMib, uploadQuotaMib };
      // A refused file is not read; an accepted image is thumbnailed before it is recorded, so
      // a message naming it renders its preview from the first.
      checkUploadFile(data, counters, ctx);
      const events = decideUploadFile(data, counters, ctx, await thumbnailer.thumbnail(data.file));
      return { events, reply: uploadReply(data.file) };
    },
    replyFrom: (events) => uploadReply(events[0]!.data as { pathId: string; name: string }),
  };
}
