import { Role } from '@zulip-es/contracts';
import { badRequest } from '@zulip-es/platform';
import type { UserState } from '../domain/user.state';
import { accessGroupForUpdate } from '../user-groups/group-rules';
import type { GroupsContext } from '../user-groups/groups-context';
import type { InviteChannelAccess } from './invite-channels';

/** What an invitation or a link gives the people who join through it, as requested. */
export interface InviteTargets {
  stream_ids: readonly number[];
  group_ids: readonly number[] | null;
  welcome_message_custom_text?: string;
}

export interface InviteTargetsState {
  actor: UserState;
  /** The groups as the actor sees them, for `group_ids`. */
  groups: GroupsContext;
  /** What the actor may do with each requested channel; a channel missing here does not exist. */
  channels: ReadonlyMap<number, InviteChannelAccess>;
}

/**
 * Zulip's `access_streams_for_invite`, `access_user_groups_for_invite` and the welcome text
 * check, in that order, as both `invite_users_backend` and `generate_multiuse_invite_backend`
 * run them.
 */
export function checkInviteTargets(targets: InviteTargets, state: InviteTargetsState): void {
  for (const channelId of targets.stream_ids) {
    if (!state.channels.get(channelId)?.accessible) throw badRequest(`Invalid channel ID ${channelId}. No invites were sent.`);
  }
  if (targets.stream_ids.some((channelId) => !state.channels.get(channelId)!.mayAddSubscribers)) {
    throw badRequest('You do not have permission to subscribe other users to channels.');
  }
  for (const groupId of targets.group_ids ?? []) {
    accessGroupForUpdate(state.groups, groupId, 'can_add_members_group', { allowDeactivated: false });
  }
  if (targets.welcome_message_custom_text !== undefined && state.actor.role > Role.ADMINISTRATOR) {
    throw badRequest('Must be an organization administrator');
  }
}
