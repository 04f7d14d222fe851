import { getDrafts, type OperationData } from '@zulip-es/contracts';
import type { QueryHandler } from '@zulip-es/platform';
import { channelsContext } from '../../channels/channels-context';
import type { MessagesDeps } from '../../shared/messages-deps';
import { checkDraftsSync, draftView, visibleDrafts } from '../drafts-sync';

/** GET /drafts: oldest edit first, as Zulip's code orders them (`last_edit_time`), ties by id. */
export function getDraftsHandler({ repo, users }: MessagesDeps): QueryHandler<OperationData<typeof getDrafts>> {
  return {
    kind: 'query',
    schema: getDrafts.params,
    async handle({ actorId }) {
      const { actor } = channelsContext(users, actorId);
      const sync = users.draftsSyncOf(actor.userId);
      checkDraftsSync(sync);
      const drafts = visibleDrafts(await repo.draftsOf(actor.userId), sync)
        .slice()
        .sort((a, b) => a.timestamp - b.timestamp || a.id - b.id)
        .map(draftView);
      return { count: drafts.length, drafts };
    },
  };
}
