import type { createInviteLink, OperationData } from '@zulip-es/contracts';
import { badRequest } from '@zulip-es/platform';
import { invitationLinkAggregateId } from '../invitation-link.state';
import { checkInvitedRole, requireMemberOrAdmin } from '../invite-access';
import type { InviteKeyMaterial } from '../invite-key';
import type { InvitePermissions } from '../invite-permissions';
import { checkInviteTargets, type InviteTargetsState } from '../invite-targets';
import type { UsersNewEvent } from '../../shared/users-new-event';

export type CreateInviteLink = OperationData<typeof createInviteLink>;

export interface CreateInviteLinkState extends InviteTargetsState {
  permissions: InvitePermissions;
  lastLinkId: number;
}

/** Zulip's `generate_multiuse_invite_backend` then `do_create_multiuse_invite_link`, in their order. */
export function decideCreateInviteLink(
  cmd: CreateInviteLink,
  state: CreateInviteLinkState,
  newKey: (linkId: number) => InviteKeyMaterial,
  now: Date,
): UsersNewEvent<'invitation_link.created.v1'> {
  requireMemberOrAdmin(state.actor);
  if (!state.permissions.mayCreateLink) throw badRequest('Insufficient permission');
  checkInvitedRole(cmd.invite_as, state.actor);
  const streamIds = cmd.stream_ids ?? [];
  checkInviteTargets({ ...cmd, stream_ids: streamIds }, state);
  const linkId = state.lastLinkId + 1;
  const expiresAt =
    cmd.invite_expires_in_minutes === null ? null : new Date(now.getTime() + cmd.invite_expires_in_minutes * 60_000).toISOString();
  return {
    type: 'invitation_link.created.v1',
    aggregateId: invitationLinkAggregateId(linkId),
    sequence: 1,
    data: {
      linkId,
      invitedByUserId: state.actor.userId,
      invitedAs: cmd.invite_as,
      createdAt: now.toISOString(),
      expiresAt,
      streamIds,
      groupIds: cmd.group_ids ?? [],
      includeRealmDefaultSubscriptions: cmd.include_realm_default_subscriptions,
      welcomeMessageCustomText: cmd.welcome_message_custom_text ?? null,
      ...newKey(linkId),
    },
  };
}
