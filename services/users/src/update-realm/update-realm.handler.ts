import { Controller, Inject } from '@nestjs/common';
import { updateRealm } from '@zulip-es/contracts';
import { CommandPattern, type Decision, type MessageContext } from '@zulip-es/platform';
import { USERS_DEPS, type UsersDeps } from '../shared/users-deps';
import { loadGroupsState } from '../user-groups/load-groups-state';
import { decideUpdateRealm, updateRealmReply, type UpdateRealm } from './update-realm.decide';

@Controller()
export class UpdateRealmHandler {
  constructor(@Inject(USERS_DEPS) private readonly deps: UsersDeps) {}

  @CommandPattern(updateRealm, { replyFrom: updateRealmReply })
  async update({ data, actorId }: MessageContext<UpdateRealm>): Promise<Decision> {
    const { repo, channels } = this.deps;
    const events = decideUpdateRealm(data, await loadGroupsState(repo, actorId), channels);
    return { events, reply: updateRealmReply(events) };
  }
}
