import { joinThroughInviteLink } from '@zulip-es/contracts';
import type { CommandHandler } from '@zulip-es/platform';
import type { UsersDeps } from '../../shared/users-deps';
import { inviteKeyHash, newInviteKey } from '../invite-key';
import { decideJoinThroughInviteLink, type JoinThroughInviteLink } from './join-invite-link.decide';

/** Unauthenticated: the link's key is the credential. The invitation's email is the answer. */
export function joinThroughInviteLinkHandler({ repo, config }: UsersDeps): CommandHandler<JoinThroughInviteLink> {
  return {
    kind: 'command',
    schema: joinThroughInviteLink.params,
    async handle({ data, now }) {
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
    },
    replyFrom: () => ({}),
  };
}
