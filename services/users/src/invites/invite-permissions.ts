import { Role } from '@zulip-es/contracts';
import type { RealmState } from '../domain/realm.state';
import type { UserState } from '../domain/user.state';

export interface InvitePermissions {
  /** Zulip's `can_invite_users_group`. */
  mayInvite: boolean;
  /** Zulip's `can_add_subscribers_group`: may name channels in `stream_ids`. */
  mayAddSubscribers: boolean;
}

/**
 * The one place invitation permissions are computed. For now Zulip's defaults from roles: both
 * settings default to the `role:members` system group (members and stronger, not guests).
 * TODO(groups): read the organization's `can_invite_users_group` and `can_add_subscribers_group`
 * settings and the actor's group memberships once the groups work is merged.
 */
export function invitePermissions(actor: UserState, realm: RealmState): InvitePermissions {
  void realm;
  const member = actor.role <= Role.MEMBER;
  return { mayInvite: member, mayAddSubscribers: member };
}
