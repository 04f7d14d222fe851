import { Controller, Inject } from '@nestjs/common';
import { getDrafts, type ReplyOf } from '@zulip-es/contracts';
import { type OperationContext, QueryPattern } from '@zulip-es/platform';
import { channelsContext } from '../../channels/channels-context';
import { MESSAGES_DEPS, type MessagesDeps } from '../../shared/messages-deps';
import { checkDraftsSync } from '../drafts-sync';
import { listDrafts } from '../list-drafts';

@Controller()
export class GetDraftsHandler {
  constructor(@Inject(MESSAGES_DEPS) private readonly deps: MessagesDeps) {}

  /** GET /drafts: oldest edit first, as Zulip's code orders them (`last_edit_time`), ties by id (see `listDrafts`). */
  @QueryPattern(getDrafts)
  async getDrafts({ actorId }: OperationContext<typeof getDrafts>): Promise<ReplyOf<typeof getDrafts>> {
    const { repo, users } = this.deps;
    const { actor } = channelsContext(users, actorId);
    const sync = users.draftsSyncOf(actor.userId);
    checkDraftsSync(sync);
    const drafts = await listDrafts(repo, actor.userId, sync);
    return { count: drafts.length, drafts };
  }
}
