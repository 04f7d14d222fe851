import { ClearDrafts } from '@zulip-es/contracts';
import type { CommandHandler } from '@zulip-es/platform';
import type { MessagesDeps } from '../../shared/messages-deps';
import { clearDraftsReplyFrom, decideClearDrafts } from './clear-drafts.decide';

/** Sent by this service's drafts-sync relay, never by the gateway (see CLEAR_DRAFTS). */
export function clearDraftsHandler({ repo }: MessagesDeps): CommandHandler<ClearDrafts> {
  return {
    kind: 'command',
    schema: ClearDrafts,
    async handle({ data }) {
      return decideClearDrafts(data, await repo.draftsOf(data.userId));
    },
    replyFrom: clearDraftsReplyFrom,
  };
}
