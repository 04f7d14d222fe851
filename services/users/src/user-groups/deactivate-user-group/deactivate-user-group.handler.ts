import { Controller, Inject } from '@nestjs/common';
import { deactivateUserGroup } from '@zulip-es/contracts';
import { CommandPattern, type Decision, type MessageContext } from '@zulip-es/platform';
import { USERS_DEPS, type UsersDeps } from '../../shared/users-deps';
import { loadGroupsState } from '../load-groups-state';
import { decideDeactivateUserGroup, type DeactivateUserGroup } from './deactivate-user-group.decide';

@Controller()
export class DeactivateUserGroupHandler {
  constructor(@Inject(USERS_DEPS) private readonly deps: UsersDeps) {}

  @CommandPattern(deactivateUserGroup)
  async deactivate({ data, actorId }: MessageContext<DeactivateUserGroup>): Promise<Decision> {
    return { events: decideDeactivateUserGroup(data, await loadGroupsState(this.deps.repo, actorId)), reply: {} };
  }
}
