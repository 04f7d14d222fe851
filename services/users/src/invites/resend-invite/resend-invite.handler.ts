import { Controller, Inject } from '@nestjs/common';
import { resendInvite } from '@zulip-es/contracts';
import { CommandPattern, type Decision, type MessageContext } from '@zulip-es/platform';
import { loadActor, USERS_DEPS, type UsersDeps } from '../../shared/users-deps';
import { recentInvitesBy } from '../invite-quota';
import { newInviteKey } from '../invite-key';
import { decideResendInvite, type ResendInvite } from './resend-invite.decide';

@Controller()
export class ResendInviteHandler {
  constructor(@Inject(USERS_DEPS) private readonly deps: UsersDeps) {}

  @CommandPattern(resendInvite)
  async resend({ data, actorId, now }: MessageContext<ResendInvite>): Promise<Decision> {
    const { repo, config } = this.deps;
    const { actor } = await loadActor(repo, actorId);
    const state = {
      actor,
      invitation: await repo.invitation(data.invite_id),
      recentInvites: await recentInvitesBy(repo, actor.userId, now),
      dailyLimit: config.INVITES_DAILY_LIMIT_PER_USER,
    };
    return { events: decideResendInvite(data, state, newInviteKey(config.API_KEY_SECRET, data.invite_id), now), reply: {} };
  }
}
