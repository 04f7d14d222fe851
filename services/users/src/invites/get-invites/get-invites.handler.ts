import { getInvites, type OperationData } from '@zulip-es/contracts';
import type { QueryHandler } from '@zulip-es/platform';
import { loadActor, type UsersDeps } from '../../shared/users-deps';
import { requireMemberOrAdmin } from '../invite-access';
import { deriveLinkKey, invitationLink } from '../invite-key';
import { invitesControlledBy } from './invite-view';

export function getInvitesHandler({ repo, config }: UsersDeps): QueryHandler<OperationData<typeof getInvites>> {
  return {
    kind: 'query',
    schema: getInvites.params,
    async handle({ actorId, now }) {
      const { actor } = await loadActor(repo, actorId);
      requireMemberOrAdmin(actor);
      const [invitations, links] = await Promise.all([repo.allInvitations(), repo.allInvitationLinks()]);
      // A link's key is stored nowhere: it is derived again from its nonce, as the creation answered it.
      const linkUrl = ({ linkId, keyNonce }: { linkId: number; keyNonce: string }) =>
        invitationLink(config.REALM_URL, deriveLinkKey(config.API_KEY_SECRET, linkId, keyNonce));
      return { invites: invitesControlledBy(actor, { invitations, links }, linkUrl, now) };
    },
  };
}
