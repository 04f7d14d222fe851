import { Controller, Inject } from '@nestjs/common';
import { joinThroughInviteLink } from '@zulip-es/contracts';
import { CommandPattern, type Decision, type MessageContext } from '@zulip-es/platform';
import { USERS_DEPS, type UsersDeps } from '../../shared/users-deps';
import { inviteKeyHash, newInviteKey } from '../invite-key';
import { decideJoinThroughInviteLink, type JoinThroughInviteLink } from './join-invite-link.decide';

@Controller()
export class JoinThroughInviteLinkHandler {
  constructor(@Inject(USERS_DEPS) private readonly deps: UsersDeps) {}

  /** Unauthenticated: the link's key is the credential. The invitation's email is the answer. */
  @CommandPattern(joinThroughInviteLink)
  async join({ data, now }: MessageContext<JoinThroughInviteLink>): Promise<Decision> {
    const { repo, config } = this.deps;
    const [link, existing, lastInviteId] = await Promise.all([
      repo.invitationLinkByKeyHash(inviteKeyHash(data.key.trim())),
      repo.userByEmail(data.email.trim()),
      repo.lastInviteId(),
    ]);
    const event = decideJoinThroughInviteLink(
      data,
      { link, existing, lastInviteId },
      (inviteId) => newInviteKey(config.API_KEY_SECRET, inviteId),
      now,
    );
    return { events: [event], reply: {} };
  }
}
