import { Controller, Inject } from '@nestjs/common';
import { updateUserGroup } from '@zulip-es/contracts';
import { CommandPattern, type Decision, type MessageContext } from '@zulip-es/platform';
import { USERS_DEPS, type UsersDeps } from '../../shared/users-deps';
import { loadGroupsState } from '../load-groups-state';
import { decideUpdateUserGroup, type UpdateUserGroup } from './update-user-group.decide';

@Controller()
export class UpdateUserGroupHandler {
  constructor(@Inject(USERS_DEPS) private readonly deps: UsersDeps) {}

  @CommandPattern(updateUserGroup)
  async update({ data, actorId }: MessageContext<UpdateUserGroup>): Promise<Decision> {
    return { events: decideUpdateUserGroup(data, await loadGroupsState(this.deps.repo, actorId)), reply: {} };
  }
}
