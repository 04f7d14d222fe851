import { getDrafts, type OperationData } from '@zulip-es/contracts';
import type { QueryHandler } from '@zulip-es/platform';
import { channelsContext } from '../../channels/channels-context';
import type { MessagesDeps } from '../../shared/messages-deps';
import { checkDraftsSync } from '../drafts-sync';
import { listDrafts } from '../list-drafts';

/** GET /drafts: oldest edit first, as Zulip's code orders them (`last_edit_time`), ties by id (see `listDrafts`). */
export function getDraftsHandler({ repo, users }: MessagesDeps): QueryHandler<OperationData<typeof getDrafts>> {
  return {
    kind: 'query',
    schema: getDrafts.params,
    async handle({ actorId }) {
      const { actor } = channelsContext(users, actorId);
      const sync = users.draftsSyncOf(actor.userId);
      checkDraftsSync(sync);
      const drafts = await listDrafts(repo, actor.userId, sync);
      return { count: drafts.length, drafts };
    },
  };
}
