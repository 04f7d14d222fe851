import { MAX_INVITEES_PER_REQUEST, type OperationData, type sendInvites } from '@zulip-es/contracts';
import { badRequest, type DomainError } from '@zulip-es/platform';
import type { UserState } from '../../domain/user.state';
import { isValidEmail } from '../../shared/user-rules';
import { invitationAggregateId } from '../invitation.state';
import {
  DAILY_LIMIT_REACHED,
  invitationError,
  NOBODY_INVITED,
  SOME_ALREADY_REGISTERED,
  SOME_DID_NOT_VALIDATE,
  type InviteeError,
} from '../invitation-error';
import { checkInvitedRole, requireMemberOrAdmin } from '../invite-access';
import type { InviteKeyMaterial } from '../invite-key';
import type { InvitePermissions } from '../invite-permissions';
import { checkInviteTargets, type InviteTargetsState } from '../invite-targets';
import { parseInviteeEmails } from '../invitee-emails';
import type { UsersNewEvent } from '../../shared/users-new-event';

export type SendInvites = OperationData<typeof sendInvites>;

export interface SendInvitesState extends InviteTargetsState {
  permissions: InvitePermissions;
  /** Users holding any of the requested addresses, by lower-case address. */
  existingUsers: ReadonlyMap<string, UserState>;
  /** Invitation emails the actor sent in the last 24 hours. */
  recentInvites: number;
  dailyLimit: number;
  lastInviteId: number;
}

export interface SendInvitesDecision {
  events: UsersNewEvent<'invitation.created.v1'>[];
  /** The partial-success error when some addresses were skipped; the events still stand. */
  error?: DomainError;
}

/**
 * Zulip's `invite_users_backend`, then `do_invite_users` up to its daily limit: everything that
 * does not depend on who holds the addresses. Returns the parsed addresses.
 */
export function checkSendInvites(cmd: SendInvites, state: Omit<SendInvitesState, 'existingUsers' | 'lastInviteId'>): string[] {
  requireMemberOrAdmin(state.actor);
  if (!state.permissions.mayInvite) throw badRequest('Insufficient permission');
  checkInvitedRole(cmd.invite_as, state.actor);
  const emails = parseInviteeEmails(cmd.invitee_emails);
  // Zulip checks the raw text only, then silently invites nobody when every entry is blank.
  if (emails.length === 0) throw badRequest('You must specify at least one email address.');
  checkInviteTargets(cmd, state);
  if (state.recentInvites + emails.length > state.dailyLimit) {
    throw invitationError(DAILY_LIMIT_REACHED, [], { sentInvitations: false, dailyLimitReached: true });
  }
  // Each address is an event of this one command: within the daily quota, one request could
  // still hold thousands (and a request too large to store left the quota untouched, to be sent
  // again).
  if (emails.length > MAX_INVITEES_PER_REQUEST) {
    throw badRequest(`You can invite at most ${MAX_INVITEES_PER_REQUEST} people at once; ${emails.length} addresses were given.`, {
      max_invitees: MAX_INVITEES_PER_REQUEST,
    });
  }
  return emails;
}

/** Zulip's `invite_users_backend` then `do_invite_users`, in their order. */
export function decideSendInvites(
  cmd: SendInvites,
  state: SendInvitesState,
  newKey: (inviteId: number) => InviteKeyMaterial,
  now: Date,
): SendInvitesDecision {
  const { actor } = state;
  const emails = checkSendInvites(cmd, state);

  const invalid: InviteeError[] = [];
  const skipped: InviteeError[] = [];
  const good: string[] = [];
  for (const email of emails) {
    if (!isValidEmail(email)) {
      invalid.push([email, 'Invalid address.', false]);
      continue;
    }
    const existing = state.existingUsers.get(email.toLowerCase());
    if (!existing) good.push(email);
    else if (existing.isActive) skipped.push([email, 'Already has an account.', false]);
    else skipped.push([email, 'Account has been deactivated.', true]);
  }
  if (invalid.length > 0) throw invitationError(SOME_DID_NOT_VALIDATE, [...invalid, ...skipped], { sentInvitations: false });
  if (good.length === 0) throw invitationError(NOBODY_INVITED, skipped, { sentInvitations: false });

  const invitedAt = now.toISOString();
  const expiresAt =
    cmd.invite_expires_in_minutes === null ? null : new Date(now.getTime() + cmd.invite_expires_in_minutes * 60_000).toISOString();
  const events = good.map((email, i): UsersNewEvent<'invitation.created.v1'> => {
    const inviteId = state.lastInviteId + i + 1;
    return {
      type: 'invitation.created.v1',
      aggregateId: invitationAggregateId(inviteId),
      sequence: 1,
      data: {
        inviteId,
        invitedByUserId: actor.userId,
        email,
        invitedAs: cmd.invite_as,
        invitedAt,
        expiresAt,
        streamIds: cmd.stream_ids,
        groupIds: cmd.group_ids ?? [],
        includeRealmDefaultSubscriptions: cmd.include_realm_default_subscriptions,
        notifyReferrerOnJoin: cmd.notify_referrer_on_join,
        welcomeMessageCustomText: cmd.welcome_message_custom_text ?? null,
        ...newKey(inviteId),
      },
    };
  });
  if (skipped.length > 0) return { events, error: invitationError(SOME_ALREADY_REGISTERED, skipped, { sentInvitations: true }) };
  return { events };
}
