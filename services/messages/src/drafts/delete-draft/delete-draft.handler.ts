import { Controller, Inject } from '@nestjs/common';
import { deleteDraft } from '@zulip-es/contracts';
import { CommandPattern, type Decision, type MessageContext } from '@zulip-es/platform';
import { channelsContext } from '../../channels/channels-context';
import { MESSAGES_DEPS, type MessagesDeps } from '../../shared/messages-deps';
import { decideDeleteDraft, type DeleteDraft } from './delete-draft.decide';

@Controller()
export class DeleteDraftHandler {
  constructor(@Inject(MESSAGES_DEPS) private readonly deps: MessagesDeps) {}

  /** DELETE /drafts/{draft_id}. */
  @CommandPattern(deleteDraft)
  async deleteDraft({ actorId, data }: MessageContext<DeleteDraft>): Promise<Decision> {
    const { repo, users } = this.deps;
    const { actor } = channelsContext(users, actorId);
    return decideDeleteDraft(data, { drafts: await repo.draftsOf(actor.userId), sync: users.draftsSyncOf(actor.userId) });
  }
}
