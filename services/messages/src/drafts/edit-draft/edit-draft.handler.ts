import { Controller, Inject } from '@nestjs/common';
import { editDraft } from '@zulip-es/contracts';
import { CommandPattern, type Decision, type MessageContext } from '@zulip-es/platform';
import { channelsContext } from '../../channels/channels-context';
import { MESSAGES_DEPS, type MessagesDeps } from '../../shared/messages-deps';
import { loadDraftTargets } from '../draft-targets';
import { decideEditDraft, type EditDraft } from './edit-draft.decide';

@Controller()
export class EditDraftHandler {
  constructor(@Inject(MESSAGES_DEPS) private readonly deps: MessagesDeps) {}

  /** PATCH /drafts/{draft_id}. */
  @CommandPattern(editDraft)
  async editDraft({ actorId, data, now }: MessageContext<EditDraft>): Promise<Decision> {
    const { repo, users } = this.deps;
    const ctx = channelsContext(users, actorId);
    const [drafts, targets] = await Promise.all([repo.draftsOf(ctx.actor.userId), loadDraftTargets(repo, ctx, [data.draft])]);
    return decideEditDraft(data, { drafts, sync: users.draftsSyncOf(ctx.actor.userId), targets }, now);
  }
}
