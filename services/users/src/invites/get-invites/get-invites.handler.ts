import { Controller, Inject } from '@nestjs/common';
import { getInvites, type ReplyOf } from '@zulip-es/contracts';
import { QueryPattern, type OperationContext } from '@zulip-es/platform';
import { loadCaller, USERS_DEPS, type UsersDeps } from '../../shared/users-deps';
import { requireMemberOrAdmin } from '../invite-access';
import { deriveLinkKey, invitationLink } from '../invite-key';
import { invitesControlledBy } from './invite-view';

@Controller()
export class GetInvitesHandler {
  constructor(@Inject(USERS_DEPS) private readonly deps: UsersDeps) {}

  @QueryPattern(getInvites)
  async list({ actorId, now }: OperationContext<typeof getInvites>): Promise<ReplyOf<typeof getInvites>> {
    const { repo, config } = this.deps;
    const { actor } = await loadCaller(repo, actorId);
    requireMemberOrAdmin(actor);
    const [invitations, links] = await Promise.all([repo.allInvitations(), repo.allInvitationLinks()]);
    // A link's key is stored nowhere: it is derived again from its nonce, as the creation answered it.
    const linkUrl = ({ linkId, keyNonce }: { linkId: number; keyNonce: string }) =>
      invitationLink(config.REALM_URL, deriveLinkKey(config.API_KEY_SECRET, linkId, keyNonce));
    return { invites: invitesControlledBy(actor, { invitations, links }, linkUrl, now) };
  }
}
