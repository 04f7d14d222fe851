import { Controller, Inject } from '@nestjs/common';
import { createDrafts } from '@zulip-es/contracts';
import { CommandPattern, type Decision, type MessageContext } from '@zulip-es/platform';
import { channelsContext } from '../../channels/channels-context';
import { MESSAGES_DEPS, type MessagesDeps } from '../../shared/messages-deps';
import { loadDraftTargets } from '../draft-targets';
import { createDraftsReplyFrom, decideCreateDrafts, type CreateDrafts } from './create-drafts.decide';

@Controller()
export class CreateDraftsHandler {
  constructor(@Inject(MESSAGES_DEPS) private readonly deps: MessagesDeps) {}

  /** POST /drafts. */
  @CommandPattern(createDrafts, { replyFrom: createDraftsReplyFrom })
  async createDrafts({ actorId, data, now }: MessageContext<CreateDrafts>): Promise<Decision> {
    const { repo, users } = this.deps;
    const ctx = channelsContext(users, actorId);
    const [drafts, targets] = await Promise.all([repo.draftsOf(ctx.actor.userId), loadDraftTargets(repo, ctx, data.drafts)]);
    return decideCreateDrafts(data, { drafts, sync: users.draftsSyncOf(ctx.actor.userId), targets }, now);
  }
}
