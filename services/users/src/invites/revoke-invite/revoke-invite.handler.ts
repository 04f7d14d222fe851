import { revokeInvite } from '@zulip-es/contracts';
import type { CommandHandler } from '@zulip-es/platform';
import { loadActor, type UsersDeps } from '../../shared/users-deps';
import { decideRevokeInvite, type RevokeInvite } from './revoke-invite.decide';

export function revokeInviteHandler({ repo }: UsersDeps): CommandHandler<RevokeInvite> {
  return {
    kind: 'command',
    schema: revokeInvite.params,
    async handle({ data, actorId }) {
      const { actor } = await loadActor(repo, actorId);
      return { events: decideRevokeInvite(data, { actor, invitation: await repo.invitation(data.invite_id) }), reply: {} };
    },
    replyFrom: () => ({}),
  };
}
