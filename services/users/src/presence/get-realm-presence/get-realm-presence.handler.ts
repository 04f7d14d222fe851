import { Controller, Inject } from '@nestjs/common';
import { getRealmPresence, type ReplyOf } from '@zulip-es/contracts';
import { QueryPattern, type OperationContext } from '@zulip-es/platform';
import { loadCaller, USERS_DEPS, type UsersDeps } from '../../shared/users-deps';
import { readPresences } from '../read-presences';

@Controller()
export class GetRealmPresenceHandler {
  constructor(@Inject(USERS_DEPS) private readonly deps: UsersDeps) {}

  /** GET /realm/presence (E18): the legacy format, without `presence_last_update_id` (Zulip drops it here). */
  @QueryPattern(getRealmPresence)
  async get({ actorId, now }: OperationContext<typeof getRealmPresence>): Promise<ReplyOf<typeof getRealmPresence>> {
    const { realm, actor } = await loadCaller(this.deps.repo, actorId);
    const { presences, server_timestamp } = await readPresences(this.deps, realm, actor, now, { format: 'legacy' });
    return { presences, server_timestamp };
  }
}
