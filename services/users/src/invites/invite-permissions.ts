import { hasRealmPermission } from '../user-groups/group-rules';
import type { GroupsContext } from '../user-groups/groups-context';

export interface InvitePermissions {
  /** Zulip's `can_invite_users_group`. */
  mayInvite: boolean;
  /** Zulip's `can_add_subscribers_group`: may name channels in `stream_ids`. */
  mayAddSubscribers: boolean;
}

/** The one place invitation permissions are computed: the organization's group settings. */
export function invitePermissions(ctx: Pick<GroupsContext, 'membership' | 'actor' | 'realm'>): InvitePermissions {
  return {
    mayInvite: hasRealmPermission(ctx.membership, ctx.actor, ctx.realm, 'can_invite_users_group'),
    mayAddSubscribers: hasRealmPermission(ctx.membership, ctx.actor, ctx.realm, 'can_add_subscribers_group'),
  };
}
