import { updateUserGroupSubgroups } from '@zulip-es/contracts';
import type { CommandHandler } from '@zulip-es/platform';
import type { UsersDeps } from '../../shared/users-deps';
import { loadGroupsState } from '../load-groups-state';
import { decideUpdateUserGroupSubgroups, type UpdateUserGroupSubgroups } from './update-user-group-subgroups.decide';

export function updateUserGroupSubgroupsHandler({ repo }: UsersDeps): CommandHandler<UpdateUserGroupSubgroups> {
  return {
    kind: 'command',
    schema: updateUserGroupSubgroups.params,
    async handle({ data, actorId }) {
      return { events: decideUpdateUserGroupSubgroups(data, await loadGroupsState(repo, actorId)), reply: {} };
    },
    replyFrom: () => ({}),
  };
}
