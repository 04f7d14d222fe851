import { getInvites, type OperationData } from '@zulip-es/contracts';
import type { QueryHandler } from '@zulip-es/platform';
import { loadActor, type UsersDeps } from '../../shared/users-deps';
import { requireMemberOrAdmin } from '../invite-access';
import { invitesControlledBy } from './invite-view';

export function getInvitesHandler({ repo }: UsersDeps): QueryHandler<OperationData<typeof getInvites>> {
  return {
    kind: 'query',
    schema: getInvites.params,
    async handle({ actorId, now }) {
      const { actor } = await loadActor(repo, actorId);
      requireMemberOrAdmin(actor);
      return { invites: invitesControlledBy(actor, await repo.allInvitations(), now) };
    },
  };
}
