import { Controller, Inject } from '@nestjs/common';
import { registerQueue, ZULIP_FEATURE_LEVEL, ZULIP_MERGE_BASE, ZULIP_VERSION, type ReplyOf } from '@zulip-es/contracts';
import { QueryPattern, type OperationContext } from '@zulip-es/platform';
import { loadActor, USERS_DEPS, type UsersDeps } from '../shared/users-deps';
import { REGISTER_SECTIONS } from './register-sections';

@Controller()
export class RegisterHandler {
  constructor(@Inject(USERS_DEPS) private readonly deps: UsersDeps) {}

  /**
   * The initial state of each requested fetch type (`fetch_event_types`, else `event_types`, else
   * all). The gateway creates the caller's event queue and answers its `queue_id` and
   * `last_event_id` in place of these.
   */
  @QueryPattern(registerQueue, { consistent: true })
  async register({ actorId, data, now }: OperationContext<typeof registerQueue>): Promise<ReplyOf<typeof registerQueue>> {
    const { deps } = this;
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
  }
}
