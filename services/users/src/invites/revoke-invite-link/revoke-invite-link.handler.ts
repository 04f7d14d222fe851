import { Controller, Inject } from '@nestjs/common';
import { revokeInviteLink } from '@zulip-es/contracts';
import { CommandPattern, type Decision, type MessageContext } from '@zulip-es/platform';
import { loadActor, USERS_DEPS, type UsersDeps } from '../../shared/users-deps';
import { decideRevokeInviteLink, type RevokeInviteLink } from './revoke-invite-link.decide';

@Controller()
export class RevokeInviteLinkHandler {
  constructor(@Inject(USERS_DEPS) private readonly deps: UsersDeps) {}

  @CommandPattern(revokeInviteLink)
  async revoke({ data, actorId }: MessageContext<RevokeInviteLink>): Promise<Decision> {
    const { repo } = this.deps;
    const { actor } = await loadActor(repo, actorId);
    const link = await repo.invitationLink(data.invite_id);
    return { events: [decideRevokeInviteLink(data, { actor, link })], reply: {} };
  }
}
