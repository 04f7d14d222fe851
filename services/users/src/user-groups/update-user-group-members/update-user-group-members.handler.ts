import { updateUserGroupMembers } from '@zulip-es/contracts';
import type { CommandHandler } from '@zulip-es/platform';
import type { UsersDeps } from '../../shared/users-deps';
import { loadGroupsState } from '../load-groups-state';
import { decideUpdateUserGroupMembers, type UpdateUserGroupMembers } from './update-user-group-members.decide';

export function updateUserGroupMembersHandler({ repo }: UsersDeps): CommandHandler<UpdateUserGroupMembers> {
  return {
    kind: 'command',
    schema: updateUserGroupMembers.params,
    async handle({ data, actorId }) {
      return { events: decideUpdateUserGroupMembers(data, await loadGroupsState(repo, actorId)), reply: {} };
    },
    replyFrom: () => ({}),
  };
}
