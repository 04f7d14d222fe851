import { Controller, Inject } from '@nestjs/common';
import { revokeInvite } from '@zulip-es/contracts';
import { CommandPattern, type Decision, type MessageContext } from '@zulip-es/platform';
import { loadActor, USERS_DEPS, type UsersDeps } from '../../shared/users-deps';
import { decideRevokeInvite, type RevokeInvite } from './revoke-invite.decide';

@Controller()
export class RevokeInviteHandler {
  constructor(@Inject(USERS_DEPS) private readonly deps: UsersDeps) {}

  @CommandPattern(revokeInvite)
  async revoke({ data, actorId }: MessageContext<RevokeInvite>): Promise<Decision> {
    const { repo } = this.deps;
    const { actor } = await loadActor(repo, actorId);
    return { events: decideRevokeInvite(data, { actor, invitation: await repo.invitation(data.invite_id) }), reply: {} };
  }
}
