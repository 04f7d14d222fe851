import { resendInvite } from '@zulip-es/contracts';
import type { CommandHandler } from '@zulip-es/platform';
import { loadActor, type UsersDeps } from '../../shared/users-deps';
import { recentInvitesBy } from '../invite-quota';
import { newInviteKey } from '../invite-key';
import { decideResendInvite, type ResendInvite } from './resend-invite.decide';

export function resendInviteHandler({ repo, config }: UsersDeps): CommandHandler<ResendInvite> {
  return {
    kind: 'command',
    schema: resendInvite.params,
    async handle({ data, actorId, now }) {
      const { actor } = await loadActor(repo, actorId);
      const state = {
        actor,
        invitation: await repo.invitation(data.invite_id),
        recentInvites: await recentInvitesBy(repo, actor.userId, now),
        dailyLimit: config.INVITES_DAILY_LIMIT_PER_USER,
      };
      return { events: decideResendInvite(data, state, newInviteKey(config.API_KEY_SECRET, data.invite_id), now), reply: {} };
    },
    replyFrom: () => ({}),
  };
}
