import { Controller, Inject } from '@nestjs/common';
import { uploadFile, UploadFileData } from '@zulip-es/contracts';
import { CommandPattern, type Decision, type MessageContext, type RecordedEvents, type ReplyBody } from '@zulip-es/platform';
import { UPLOADS_DEPS, type UploadsDeps } from '../../shared/uploads-deps';
import { UploadThumbnailer } from '../../thumbnails/upload-thumbnailer';
import { uploadReply } from '../attachment.state';
import { checkUploadFile, decideUploadFile } from './upload-file.decide';

/** The reply of a recorded upload: its URL and name, from its `attachment.uploaded.v1`. */
export const uploadReplyFrom = (events: RecordedEvents): ReplyBody => uploadReply(events[0]!.data as { pathId: string; name: string });

@Controller()
export class UploadFileHandler {
  constructor(
    @Inject(UPLOADS_DEPS) private readonly deps: UploadsDeps,
    @Inject(UploadThumbnailer) private readonly thumbnailer: Pick<UploadThumbnailer, 'thumbnail'>,
  ) {}

  /** POST /user_uploads: the gateway stored the file; this records it as an attachment. */
  @CommandPattern({ type: uploadFile.type, params: UploadFileData }, { replyFrom: uploadReplyFrom })
  async upload({ data, actorId, now }: MessageContext<UploadFileData>): Promise<Decision> {
    const { repo, maxFileUploadSizeMib, uploadQuotaMib } = this.deps;
    const counters = await repo.attachmentsCounters();
    const ctx = { actorId: actorId!, now, maxFileUploadSizeMib, uploadQuotaMib };
    // A refused file is not read; an accepted image is thumbnailed before it is recorded, so
    // a message naming it renders its preview from the first.
    checkUploadFile(data, counters, ctx);
    const events = decideUploadFile(data, counters, ctx, await this.thumbnailer.thumbnail(data.file));
    return { events, reply: uploadReply(data.file) };
  }
}
