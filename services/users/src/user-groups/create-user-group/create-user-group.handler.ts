import { Controller, Inject } from '@nestjs/common';
import { createUserGroup } from '@zulip-es/contracts';
import { CommandPattern, type Decision, type MessageContext } from '@zulip-es/platform';
import { USERS_DEPS, type UsersDeps } from '../../shared/users-deps';
import { loadGroupsState } from '../load-groups-state';
import { decideCreateUserGroup, type CreateUserGroup } from './create-user-group.decide';

/** The reply of a creation, from its events: the new group's id. */
export const createdGroupReply = (events: { data: Record<string, unknown> }[]) => ({ group_id: events[0].data.groupId });

@Controller()
export class CreateUserGroupHandler {
  constructor(@Inject(USERS_DEPS) private readonly deps: UsersDeps) {}

  @CommandPattern(createUserGroup, { replyFrom: createdGroupReply })
  async create({ data, actorId, now }: MessageContext<CreateUserGroup>): Promise<Decision> {
    const { repo } = this.deps;
    const state = { ...(await loadGroupsState(repo, actorId)), lastGroupId: await repo.lastGroupId() };
    const events = decideCreateUserGroup(data, state, now);
    return { events, reply: createdGroupReply(events) };
  }
}
