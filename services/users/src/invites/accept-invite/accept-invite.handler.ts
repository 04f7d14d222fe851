import { acceptInvite } from '@zulip-es/contracts';
import { DomainError, type CommandHandler } from '@zulip-es/platform';
import { hashPassword, newApiKeyNonce, deriveApiKey } from '../../domain/credentials';
import type { UsersDeps } from '../../shared/users-deps';
import type { UserGroupState } from '../../user-groups/user-group.state';
import { inviteKeyHash } from '../invite-key';
import { checkAcceptInvite, decideAcceptInvite, type AcceptInvite } from './accept-invite.decide';

async function invitedGroups(repo: UsersDeps['repo'], groupIds: readonly number[]): Promise<UserGroupState[]> {
  const groups = await Promise.all([...new Set(groupIds)].map((id) => repo.userGroup(id)));
  return groups.filter((group): group is UserGroupState => group !== null);
}

/** Unauthenticated: the invitation key is the credential. Answers as `POST /fetch_api_key` does. */
export function acceptInviteHandler({ repo, config }: UsersDeps): CommandHandler<AcceptInvite> {
  const answer = (userId: number, email: string, apiKeyNonce: string) => ({
    api_key: deriveApiKey(config.API_KEY_SECRET, userId, apiKeyNonce),
    email,
    user_id: userId,
  });
  return {
    kind: 'command',
    schema: acceptInvite.params,
    async handle({ data, now }) {
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
      const credentials = {
        passwordHash: await hashPassword(data.password),
        apiKeyNonce: newApiKeyNonce(),
        apiKeySecret: config.API_KEY_SECRET,
      };
      const events = decideAcceptInvite(data, state, credentials, now);
      const user = events[0].data as { userId: number; deliveryEmail: string; apiKeyNonce: string };
      return { events, reply: answer(user.userId, user.deliveryEmail, user.apiKeyNonce) };
    },
    replyFrom: (events) => {
      const user = events[0].data as { userId: number; deliveryEmail: string; apiKeyNonce: string };
      return answer(user.userId, user.deliveryEmail, user.apiKeyNonce);
    },
  };
}
