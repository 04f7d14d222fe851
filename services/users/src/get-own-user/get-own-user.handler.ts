import { Controller, Inject } from '@nestjs/common';
import { getOwnUser, type ReplyOf } from '@zulip-es/contracts';
import { QueryPattern, type OperationContext } from '@zulip-es/platform';
import { userView } from '../domain/user-view';
import { loadCaller, USERS_DEPS, type UsersDeps } from '../shared/users-deps';

@Controller()
export class GetOwnUserHandler {
  constructor(@Inject(USERS_DEPS) private readonly deps: UsersDeps) {}

  /** E15: the caller's record, with a full avatar URL and its profile data. */
  @QueryPattern(getOwnUser)
  async get({ actorId }: OperationContext<typeof getOwnUser>): Promise<ReplyOf<typeof getOwnUser>> {
    const { realm, actor } = await loadCaller(this.deps.repo, actorId);
    // Messages arrive with the messages domain; until a user has one Zulip reports -1.
    return { ...userView(actor, actor, realm, { clientGravatar: false, includeProfileData: true }), max_message_id: -1 };
  }
}
