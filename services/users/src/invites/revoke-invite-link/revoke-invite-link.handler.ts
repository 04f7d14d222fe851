import { revokeInviteLink } from '@zulip-es/contracts';
import type { CommandHandler } from '@zulip-es/platform';
import { loadActor, type UsersDeps } from '../../shared/users-deps';
import { decideRevokeInviteLink, type RevokeInviteLink } from './revoke-invite-link.decide';

export function revokeInviteLinkHandler({ repo }: UsersDeps): CommandHandler<RevokeInviteLink> {
  return {
    kind: 'command',
    schema: revokeInviteLink.params,
    async handle({ data, actorId }) {
      const { actor } = await loadActor(repo, actorId);
      const link = await repo.invitationLink(data.invite_id);
      return { events: [decideRevokeInviteLink(data, { actor, link })], reply: {} };
    },
    replyFrom: () => ({}),
  };
}
