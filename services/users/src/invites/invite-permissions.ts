import { hasRealmPermission } from '../user-groups/group-rules';
import type { GroupsContext } from '../user-groups/groups-context';

export interface InvitePermissions {
  /** Zulip's `can_invite_users_group`. */
  mayInvite: boolean;
  /** Zulip's `create_multiuse_invite_group`: reusable links. */
  mayCreateLink: boolean;
}

/** The organization-wide invitation permissions (channels are checked one by one: invite-channels.ts). */
export function invitePermissions(ctx: Pick<GroupsContext, 'membership' | 'actor' | 'realm'>): InvitePermissions {
  return {
    mayInvite: hasRealmPermission(ctx.membership, ctx.actor, ctx.realm, 'can_invite_users_group'),
    mayCreateLink: hasRealmPermission(ctx.membership, ctx.actor, ctx.realm, 'create_multiuse_invite_group'),
  };
}
