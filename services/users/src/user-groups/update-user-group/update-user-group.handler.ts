import { updateUserGroup } from '@zulip-es/contracts';
import type { CommandHandler } from '@zulip-es/platform';
import type { UsersDeps } from '../../shared/users-deps';
import { loadGroupsState } from '../load-groups-state';
import { decideUpdateUserGroup, type UpdateUserGroup } from './update-user-group.decide';

export function updateUserGroupHandler({ repo }: UsersDeps): CommandHandler<UpdateUserGroup> {
  return {
    kind: 'command',
    schema: updateUserGroup.params,
    async handle({ data, actorId }) {
      return { events: decideUpdateUserGroup(data, await loadGroupsState(repo, actorId)), reply: {} };
    },
    replyFrom: () => ({}),
  };
}
