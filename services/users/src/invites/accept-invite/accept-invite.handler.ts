import { Controller, Inject } from '@nestjs/common';
import { acceptInvite } from '@zulip-es/contracts';
import { CommandPattern, DomainError, type Decision, type MessageContext, type ReplyBody } from '@zulip-es/platform';
import type { UsersConfig } from '../../config';
import { createdUserApiKey } from '../../create-user/create-user.decide';
import { hashPassword } from '../../domain/credentials';
import { USERS_DEPS, type UsersDeps } from '../../shared/users-deps';
import type { UserGroupState } from '../../user-groups/user-group.state';
import { inviteKeyHash } from '../invite-key';
import { checkAcceptInvite, decideAcceptInvite, type AcceptInvite } from './accept-invite.decide';

async function invitedGroups(repo: UsersDeps['repo'], groupIds: readonly number[]): Promise<UserGroupState[]> {
  const groups = await Promise.all([...new Set(groupIds)].map((id) => repo.userGroup(id)));
  return groups.filter((group): group is UserGroupState => group !== null);
}

/** The reply of an acceptance, from its events (the first creates the user), also when the command is delivered again. */
export function acceptInviteReply(events: { data: Record<string, unknown> }[], config: Pick<UsersConfig, 'API_KEY_SECRET'>): ReplyBody {
  const user = events[0].data as { userId: number; deliveryEmail: string; dateJoined: string; apiKeyNonce?: string };
  return {
    api_key: createdUserApiKey(user, config.API_KEY_SECRET),
    email: user.deliveryEmail,
    user_id: user.userId,
  };
}

@Controller()
export class AcceptInviteHandler {
  constructor(@Inject(USERS_DEPS) private readonly deps: UsersDeps) {}

  /** Unauthenticated: the invitation key is the credential. Answers as `POST /fetch_api_key` does. */
  @CommandPattern(acceptInvite, { replyFrom: acceptInviteReply })
  async accept(ctx: MessageContext<AcceptInvite>): Promise<Decision> {
    const { data, now } = ctx;
    const { repo, config } = this.deps;
    const realm = await repo.realm();
    if (!realm) throw new DomainError('INTERNAL_SERVER_ERROR', 'The organization does not exist yet');
    const keyHash = inviteKeyHash(data.key.trim());
    const invitation = await repo.invitationByKeyHash(keyHash);
    const state = {
      realm,
      invitation,
      keyHash,
      existing: invitation ? await repo.userByEmail(invitation.email) : null,
      others: invitation ? await repo.invitationsForEmail(invitation.email) : [],
      groups: await invitedGroups(repo, invitation?.groupIds ?? []),
      lastUserId: await repo.lastUserId(),
    };
    checkAcceptInvite(data, state, now); // before the deliberately slow hash
    const credentials = { passwordHash: await hashPassword(data.password), apiKeySecret: config.API_KEY_SECRET };
    const created = decideAcceptInvite(data, state, credentials, now);
    const positions = await this.deps.credentials.issue(created.credentials, ctx);
    return { events: created.events, reply: acceptInviteReply(created.events, config), positions };
  }
}
