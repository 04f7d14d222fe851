import { createUserGroup } from '@zulip-es/contracts';
import type { CommandHandler } from '@zulip-es/platform';
import type { UsersDeps } from '../../shared/users-deps';
import { loadGroupsState } from '../load-groups-state';
import { decideCreateUserGroup, type CreateUserGroup } from './create-user-group.decide';

export function createUserGroupHandler({ repo }: UsersDeps): CommandHandler<CreateUserGroup> {
  const reply = (events: { data: Record<string, unknown> }[]) => ({ group_id: events[0].data.groupId });
  return {
    kind: 'command',
    schema: createUserGroup.params,
    async handle({ data, actorId, now }) {
      const state = { ...(await loadGroupsState(repo, actorId)), lastGroupId: await repo.lastGroupId() };
      const events = decideCreateUserGroup(data, state, now);
      return { events, reply: reply(events) };
    },
    replyFrom: reply,
  };
}
