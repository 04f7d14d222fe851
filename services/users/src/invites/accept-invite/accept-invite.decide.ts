import type { acceptInvite, OperationData } from '@zulip-es/contracts';
import { badRequest } from '@zulip-es/platform';
import { userCreated, type CreatedUsers, type Credentials } from '../../create-user/create-user.decide';
import type { RealmState } from '../../domain/realm.state';
import type { UserState } from '../../domain/user.state';
import { userGroupAggregateId, type UserGroupState } from '../../user-groups/user-group.state';
import { checkFullName, isStrongEnough, PASSWORD_TOO_WEAK } from '../../shared/user-rules';
import { invitationAggregateId, isExpired, type InvitationState } from '../invitation.state';
import { invitationRevoked } from '../revoke-invite/revoke-invite.decide';
import type { UsersNewEvent } from '../../shared/users-new-event';

export type AcceptInvite = OperationData<typeof acceptInvite>;

export interface AcceptInviteState {
  realm: RealmState;
  /** The invitation the presented key was ever issued for. */
  invitation: InvitationState | null;
  /** SHA-256 of the presented key: a key replaced by a resend no longer works. */
  keyHash: string;
  /** The user already holding the invited address, if any. */
  existing: UserState | null;
  /** The other invitations to the same address. */
  others: InvitationState[];
  /** The groups the invitation names, as they stand now. */
  groups: UserGroupState[];
  lastUserId: number;
}

export const LINK_NOT_FOUND = "Whoops. We couldn't find your confirmation link in the system.";
export const LINK_EXPIRED = 'The confirmation link has expired or been deactivated.';
export const LINK_USED = 'The confirmation link has already been used.';

/** Validates the key, then the new account's name and password; returns the invitation and the cleaned name. */
export function checkAcceptInvite(
  cmd: AcceptInvite,
  state: AcceptInviteState,
  now: Date,
): { invitation: InvitationState; fullName: string } {
  const { invitation } = state;
  if (!invitation) throw badRequest(LINK_NOT_FOUND);
  if (invitation.status === 'accepted') throw badRequest(LINK_USED);
  if (invitation.status === 'revoked' || invitation.keyHash !== state.keyHash || isExpired(invitation, now)) throw badRequest(LINK_EXPIRED);
  if (state.existing) throw badRequest(`Email '${invitation.email}' already in use`);
  const fullName = checkFullName(cmd.full_name);
  if (!isStrongEnough(cmd.password)) throw badRequest(PASSWORD_TOO_WEAK);
  return { invitation, fullName };
}

/**
 * The invited person joins with the invited role; the acceptance carries what other services
 * act on (channels, default channels, groups, the referrer's notification), and the reusable
 * link the invitation was asked for through, if any. Other pending invitations to the same
 * address are revoked, as Zulip's `revoke_preregistration_users` does.
 */
export function decideAcceptInvite(cmd: AcceptInvite, state: AcceptInviteState, credentials: Credentials, now: Date): CreatedUsers {
  const { invitation, fullName } = checkAcceptInvite(cmd, state, now);
  const userId = state.lastUserId + 1;
  const created = userCreated({
    userId,
    realm: state.realm,
    email: invitation.email,
    fullName,
    role: invitation.invitedAs,
    credentials,
    now,
  });
  const accepted: UsersNewEvent<'invitation.accepted.v1'> = {
    type: 'invitation.accepted.v1',
    aggregateId: invitationAggregateId(invitation.inviteId),
    sequence: invitation.version + 1,
    data: {
      inviteId: invitation.inviteId,
      userId,
      email: invitation.email,
      invitedAs: invitation.invitedAs,
      referrerId: invitation.invitedByUserId,
      streamIds: invitation.streamIds,
      includeRealmDefaultSubscriptions: invitation.includeRealmDefaultSubscriptions,
      groupIds: invitation.groupIds,
      notifyReferrerOnJoin: invitation.notifyReferrerOnJoin,
      welcomeMessageCustomText: invitation.welcomeMessageCustomText,
      ...(invitation.linkId === null ? {} : { linkId: invitation.linkId }),
    },
  };
  const superseded = state.others
    .filter((other) => other.inviteId !== invitation.inviteId && other.status === 'pending')
    .map(invitationRevoked);
  return { events: [created.event, accepted, ...joinedGroups(state.groups, userId), ...superseded], credentials: [created.credentials] };
}

/**
 * Zulip's `bulk_add_members_to_user_groups` at sign-up: every group the invitation named, even
 * one deactivated since (groups are never deleted, so each id still names a group).
 */
function joinedGroups(groups: readonly UserGroupState[], userId: number): UsersNewEvent<'user_group.members_added.v1'>[] {
  return groups.map((group) => ({
    type: 'user_group.members_added.v1',
    aggregateId: userGroupAggregateId(group.groupId),
    sequence: group.version + 1,
    data: { groupId: group.groupId, userIds: [userId] },
  }));
}
