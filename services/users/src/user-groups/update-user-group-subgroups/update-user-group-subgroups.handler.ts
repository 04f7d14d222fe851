import { Controller, Inject } from '@nestjs/common';
import { updateUserGroupSubgroups } from '@zulip-es/contracts';
import { CommandPattern, type Decision, type MessageContext } from '@zulip-es/platform';
import { USERS_DEPS, type UsersDeps } from '../../shared/users-deps';
import { loadGroupsState } from '../load-groups-state';
import { decideUpdateUserGroupSubgroups, type UpdateUserGroupSubgroups } from './update-user-group-subgroups.decide';

@Controller()
export class UpdateUserGroupSubgroupsHandler {
  constructor(@Inject(USERS_DEPS) private readonly deps: UsersDeps) {}

  @CommandPattern(updateUserGroupSubgroups)
  async update({ data, actorId }: MessageContext<UpdateUserGroupSubgroups>): Promise<Decision> {
    return { events: decideUpdateUserGroupSubgroups(data, await loadGroupsState(this.deps.repo, actorId)), reply: {} };
  }
}
