import { registerQueue, ZULIP_FEATURE_LEVEL, ZULIP_MERGE_BASE, ZULIP_VERSION, type OperationData } from '@zulip-es/contracts';
import type { QueryHandler } from '@zulip-es/platform';
import { loadActor, type UsersDeps } from '../shared/users-deps';
import { REGISTER_SECTIONS } from './register-sections';

/**
 * The initial state of each requested fetch type (`fetch_event_types`, else `event_types`, else
 * all). The gateway creates the caller's event queue and answers its `queue_id` and
 * `last_event_id` in place of these.
 */
export function registerHandler(deps: UsersDeps): QueryHandler<OperationData<typeof registerQueue>> {
  return {
    kind: 'query',
    consistent: true,
    schema: registerQueue.params,
    async handle({ actorId, data, now }) {
      const { realm, actor } = await loadActor(deps.repo, actorId);
      const wanted = data.fetch_event_types ?? data.event_types;
      const sections = REGISTER_SECTIONS.filter((s) => !wanted || wanted.includes(s.fetchType));
      const states = await Promise.all(sections.map((s) => s.state({ ...deps, realm, actor, params: data, now })));
      return {
        queue_id: null,
        last_event_id: -1,
        zulip_feature_level: ZULIP_FEATURE_LEVEL,
        zulip_version: ZULIP_VERSION,
        zulip_merge_base: ZULIP_MERGE_BASE,
        ...Object.assign({}, ...states),
      };
    },
  };
}
