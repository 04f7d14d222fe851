import { editDraft } from '@zulip-es/contracts';
import type { CommandHandler } from '@zulip-es/platform';
import { channelsContext } from '../../channels/channels-context';
import type { MessagesDeps } from '../../shared/messages-deps';
import { loadDraftTargets } from '../draft-targets';
import { decideEditDraft, type EditDraft } from './edit-draft.decide';

/** PATCH /drafts/{draft_id}. */
export function editDraftHandler({ repo, users }: MessagesDeps): CommandHandler<EditDraft> {
  return {
    kind: 'command',
    schema: editDraft.params,
    async handle({ actorId, data, now }) {
      const ctx = channelsContext(users, actorId);
      const [drafts, targets] = await Promise.all([repo.draftsOf(ctx.actor.userId), loadDraftTargets(repo, ctx, [data.draft])]);
      return decideEditDraft(data, { drafts, sync: users.draftsSyncOf(ctx.actor.userId), targets }, now);
    },
    replyFrom: () => ({}),
  };
}
