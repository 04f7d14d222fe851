import { CollectUnclaimedUploads } from '@zulip-es/contracts';
import type { CommandHandler } from '@zulip-es/platform';
import type { UploadsDeps } from '../shared/uploads-deps';
import { decideCollectUnclaimed } from './collect-unclaimed.decide';

/** `attachment.collect_unclaimed`, sent by the garbage collection job. */
export function collectUnclaimedHandler({ repo }: UploadsDeps): CommandHandler<CollectUnclaimedUploads> {
  return {
    kind: 'command',
    schema: CollectUnclaimedUploads,
    async handle({ data }) {
      const [attachments, counters] = await Promise.all([repo.allAttachments(), repo.attachmentsCounters()]);
      const events = decideCollectUnclaimed(data, attachments, counters);
      return { events, reply: { removed: events.length } };
    },
    replyFrom: (events) => ({ removed: events.length }),
  };
}
