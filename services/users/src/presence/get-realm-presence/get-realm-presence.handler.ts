import { getRealmPresence, type OperationData } from '@zulip-es/contracts';
import type { QueryHandler } from '@zulip-es/platform';
import { loadActor, type UsersDeps } from '../../shared/users-deps';
import { readPresences } from '../read-presences';

/** GET /realm/presence (E18): the legacy format, without `presence_last_update_id` (Zulip drops it here). */
export function getRealmPresenceHandler(deps: UsersDeps): QueryHandler<OperationData<typeof getRealmPresence>> {
  return {
    kind: 'query',
    schema: getRealmPresence.params,
    async handle({ actorId, now }) {
      const { realm, actor } = await loadActor(deps.repo, actorId);
      const { presences, server_timestamp } = await readPresences(deps, realm, actor, now, { format: 'legacy' });
      return { presences, server_timestamp };
    },
  };
}
