import { deleteDraft } from '@zulip-es/contracts';
import type { CommandHandler } from '@zulip-es/platform';
import { channelsContext } from '../../channels/channels-context';
import type { MessagesDeps } from '../../shared/messages-deps';
import { decideDeleteDraft, type DeleteDraft } from './delete-draft.decide';

/** DELETE /drafts/{draft_id}. */
export function deleteDraftHandler({ repo, users }: MessagesDeps): CommandHandler<DeleteDraft> {
  return {
    kind: 'command',
    schema: deleteDraft.params,
    async handle({ actorId, data }) {
      const { actor } = channelsContext(users, actorId);
      return decideDeleteDraft(data, { drafts: await repo.draftsOf(actor.userId), sync: users.draftsSyncOf(actor.userId) });
    },
    replyFrom: () => ({}),
  };
}
