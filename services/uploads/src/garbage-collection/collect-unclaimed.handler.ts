import { Controller, Inject } from '@nestjs/common';
import { COLLECT_UNCLAIMED_UPLOADS, CollectUnclaimedUploads } from '@zulip-es/contracts';
import { CommandPattern, type Decision, type MessageContext, type ReplyBody } from '@zulip-es/platform';
import { UPLOADS_DEPS, type UploadsDeps } from '../shared/uploads-deps';
import { decideCollectUnclaimed } from './collect-unclaimed.decide';

/** The reply: how many uploads the command removed (one event each). */
export const removedCount = (events: readonly unknown[]): ReplyBody => ({ removed: events.length });

@Controller()
export class CollectUnclaimedHandler {
  constructor(@Inject(UPLOADS_DEPS) private readonly deps: UploadsDeps) {}

  /** `attachment.collect_unclaimed`, sent by the garbage collection job. */
  @CommandPattern({ type: COLLECT_UNCLAIMED_UPLOADS, params: CollectUnclaimedUploads }, { replyFrom: removedCount })
  async collect({ data }: MessageContext<CollectUnclaimedUploads>): Promise<Decision> {
    const { repo } = this.deps;
    const [attachments, counters] = await Promise.all([repo.allAttachments(), repo.attachmentsCounters()]);
    const events = decideCollectUnclaimed(data, attachments, counters);
    return { events, reply: removedCount(events) };
  }
}
