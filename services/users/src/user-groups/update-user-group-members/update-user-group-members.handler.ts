import { Controller, Inject } from '@nestjs/common';
import { updateUserGroupMembers } from '@zulip-es/contracts';
import { CommandPattern, type Decision, type MessageContext } from '@zulip-es/platform';
import { USERS_DEPS, type UsersDeps } from '../../shared/users-deps';
import { loadGroupsState } from '../load-groups-state';
import { decideUpdateUserGroupMembers, type UpdateUserGroupMembers } from './update-user-group-members.decide';

@Controller()
export class UpdateUserGroupMembersHandler {
  constructor(@Inject(USERS_DEPS) private readonly deps: UsersDeps) {}

  @CommandPattern(updateUserGroupMembers)
  async update({ data, actorId }: MessageContext<UpdateUserGroupMembers>): Promise<Decision> {
    return { events: decideUpdateUserGroupMembers(data, await loadGroupsState(this.deps.repo, actorId)), reply: {} };
  }
}
