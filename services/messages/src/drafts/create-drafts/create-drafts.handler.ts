import { createDrafts } from '@zulip-es/contracts';
import type { CommandHandler } from '@zulip-es/platform';
import { channelsContext } from '../../channels/channels-context';
import type { MessagesDeps } from '../../shared/messages-deps';
import { loadDraftTargets } from '../draft-targets';
import { createDraftsReplyFrom, decideCreateDrafts, type CreateDrafts } from './create-drafts.decide';

/** POST /drafts. */
export function createDraftsHandler({ repo, users }: MessagesDeps): CommandHandler<CreateDrafts> {
  return {
    kind: 'command',
    schema: createDrafts.params,
    async handle({ actorId, data, now }) {
      const ctx = channelsContext(users, actorId);
      const [drafts, targets] = await Promise.all([repo.draftsOf(ctx.actor.userId), loadDraftTargets(repo, ctx, data.drafts)]);
      return decideCreateDrafts(data, { drafts, sync: users.draftsSyncOf(ctx.actor.userId), targets }, now);
    },
    replyFrom: createDraftsReplyFrom,
  };
}
