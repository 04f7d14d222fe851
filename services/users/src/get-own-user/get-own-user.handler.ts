import { getOwnUser, type OperationData } from '@zulip-es/contracts';
import type { QueryHandler } from '@zulip-es/platform';
import { userView } from '../domain/user-view';
import { loadActor, type UsersDeps } from '../shared/users-deps';

/** E15: the caller's record, with a full avatar URL and its profile data. */
export function getOwnUserHandler({ repo }: UsersDeps): QueryHandler<OperationData<typeof getOwnUser>> {
  return {
    kind: 'query',
    schema: getOwnUser.params,
    async handle({ actorId }) {
      const { realm, actor } = await loadActor(repo, actorId);
      // Messages arrive with the messages domain; until a user has one Zulip reports -1.
      return { ...userView(actor, actor, realm, { clientGravatar: false, includeProfileData: true }), max_message_id: -1 };
    },
  };
}
