import { Controller, Inject } from '@nestjs/common';
import { ClearDrafts, CLEAR_DRAFTS } from '@zulip-es/contracts';
import { CommandPattern, type Decision, type MessageContext } from '@zulip-es/platform';
import { MESSAGES_DEPS, type MessagesDeps } from '../../shared/messages-deps';
import { clearDraftsReplyFrom, decideClearDrafts } from './clear-drafts.decide';

@Controller()
export class ClearDraftsHandler {
  constructor(@Inject(MESSAGES_DEPS) private readonly deps: MessagesDeps) {}

  /** Sent by this service's drafts-sync relay, never by the gateway (see CLEAR_DRAFTS). */
  @CommandPattern({ type: CLEAR_DRAFTS, params: ClearDrafts }, { replyFrom: clearDraftsReplyFrom })
  async clearDrafts({ data }: MessageContext<ClearDrafts>): Promise<Decision> {
    const { repo } = this.deps;
    return decideClearDrafts(data, await repo.draftsOf(data.userId));
  }
}
