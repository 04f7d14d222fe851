import { deactivateUserGroup } from '@zulip-es/contracts';
import type { CommandHandler } from '@zulip-es/platform';
import type { UsersDeps } from '../../shared/users-deps';
import { loadGroupsState } from '../load-groups-state';
import { decideDeactivateUserGroup, type DeactivateUserGroup } from './deactivate-user-group.decide';

export function deactivateUserGroupHandler({ repo }: UsersDeps): CommandHandler<DeactivateUserGroup> {
  return {
    kind: 'command',
    schema: deactivateUserGroup.params,
    async handle({ data, actorId }) {
      return { events: decideDeactivateUserGroup(data, await loadGroupsState(repo, actorId)), reply: {} };
    },
    replyFrom: () => ({}),
  };
}
