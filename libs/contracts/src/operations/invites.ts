import { z } from 'zod';
import { MAX_IDS_PER_REQUEST } from '../limits';
import { Role } from '../roles';
import { Email, FullName, Password } from '../users/user-fields';
import { EmptyReply, InviteReply } from './replies';
import { defineOperation } from './operation';

/** Zulip's INVITATION_LINK_VALIDITY_MINUTES default: ten days. */
export const DEFAULT_INVITE_EXPIRES_IN_MINUTES = 14_400;
/** Realm.MAX_REALM_WELCOME_MESSAGE_CUSTOM_TEXT_LENGTH. */
export const MAX_WELCOME_MESSAGE_CUSTOM_TEXT_LENGTH = 8000;

const ROLES: readonly number[] = Object.values(Role);
/** Zulip's `check_int_in_validator` on `invite_as`, with its message. */
const InviteAs = z
  .int()
  .refine((value) => ROLES.includes(value), { message: 'Invalid invite_as: Value error, Not in the list of possible values' })
  .transform((value) => value as Role);

/** null: the invitation never expires. */
const InviteExpiresInMinutes = z.int().nullable().default(DEFAULT_INVITE_EXPIRES_IN_MINUTES);
/** Admins only; absent means the organization's default text. */
const WelcomeMessageCustomText = z.string().max(MAX_WELCOME_MESSAGE_CUSTOM_TEXT_LENGTH);

/**
 * The raw list of addresses, which the service counts: past the daily quota (3,000 by default) a
 * request gets Zulip's own answer, so the text has room for a few thousand short addresses; past
 * MAX_INVITEES_PER_REQUEST a request within the quota is refused.
 */
const MAX_INVITEE_EMAILS_LENGTH = 200_000;

/** POST /invites (E6): email invitations, one per address. */
export const sendInvites = defineOperation({
  type: 'invite.send',
  method: 'POST',
  path: '/invites',
  service: 'users',
  kind: 'command',
  auth: 'user',
  params: z.object({
    /** Raw text: addresses separated by commas or newlines, `Name <addr>` allowed. */
    invitee_emails: z.string().max(MAX_INVITEE_EMAILS_LENGTH),
    stream_ids: z.array(z.int()).max(MAX_IDS_PER_REQUEST),
    group_ids: z.array(z.int()).max(MAX_IDS_PER_REQUEST).nullable().default(null),
    invite_as: InviteAs.default(Role.MEMBER),
    invite_expires_in_minutes: InviteExpiresInMinutes,
    include_realm_default_subscriptions: z.boolean().default(false),
    notify_referrer_on_join: z.boolean().default(true),
    welcome_message_custom_text: WelcomeMessageCustomText.optional(),
  }),
  // Addresses are checked against every user and invitation of the organization.
  reply: EmptyReply,
  key: 'realm',
});

/** GET /invites: the unexpired email invitations and reusable links the caller may manage. */
export const getInvites = defineOperation({
  type: 'invite.list',
  method: 'GET',
  path: '/invites',
  service: 'users',
  kind: 'query',
  auth: 'user',
  params: z.object({}),
  reply: z.strictObject({ invites: z.array(InviteReply) }),
  key: 'actor',
});

/** DELETE /invites/{invite_id}: revoke an email invitation. */
export const revokeInvite = defineOperation({
  type: 'invite.revoke',
  method: 'DELETE',
  path: '/invites/{invite_id}',
  service: 'users',
  kind: 'command',
  auth: 'user',
  params: z.object({ invite_id: z.int() }),
  reply: EmptyReply,
  key: 'realm',
});

/** POST /invites/{invite_id}/resend: send the invitation email again (a fresh link; same expiry). */
export const resendInvite = defineOperation({
  type: 'invite.resend',
  method: 'POST',
  path: '/invites/{invite_id}/resend',
  service: 'users',
  kind: 'command',
  auth: 'user',
  params: z.object({ invite_id: z.int() }),
  reply: EmptyReply,
  key: 'realm',
});

/** POST /invites/multiuse: a reusable invitation link; answers `invite_link`. */
export const createInviteLink = defineOperation({
  type: 'invite_link.create',
  method: 'POST',
  path: '/invites/multiuse',
  service: 'users',
  kind: 'command',
  auth: 'user',
  params: z.object({
    invite_expires_in_minutes: InviteExpiresInMinutes,
    invite_as: InviteAs.default(Role.MEMBER),
    /** Zulip takes null as well as absent for no channels. */
    stream_ids: z.array(z.int()).max(MAX_IDS_PER_REQUEST).nullable().default(null),
    group_ids: z.array(z.int()).max(MAX_IDS_PER_REQUEST).nullable().default(null),
    include_realm_default_subscriptions: z.boolean().default(false),
    welcome_message_custom_text: WelcomeMessageCustomText.optional(),
  }),
  // Link ids are organization-wide.
  reply: z.strictObject({ invite_link: z.string() }),
  key: 'realm',
});

/** DELETE /invites/multiuse/{invite_id}: revoke a reusable invitation link. */
export const revokeInviteLink = defineOperation({
  type: 'invite_link.revoke',
  method: 'DELETE',
  path: '/invites/multiuse/{invite_id}',
  service: 'users',
  kind: 'command',
  auth: 'user',
  params: z.object({ invite_id: z.int() }),
  reply: EmptyReply,
  key: 'realm',
});

/**
 * POST /invites/multiuse/join (not in Zulip's API, whose sign-up through a link is a web form):
 * whoever holds a reusable link's key names their address, and that address is mailed a
 * one-time invitation, accepted with `POST /invites/accept` as an emailed invitation is. The
 * address is thus proven before an account holds it, as Zulip's confirmation email proves it.
 */
export const joinThroughInviteLink = defineOperation({
  type: 'invite_link.join',
  method: 'POST',
  path: '/invites/multiuse/join',
  service: 'users',
  kind: 'command',
  auth: 'none',
  params: z.object({ key: z.string().max(100), email: Email }),
  // Creates an invitation: invitation ids are organization-wide.
  reply: EmptyReply,
  key: 'realm',
});

/**
 * POST /invites/accept (not in Zulip's API, whose sign-up is a web form): the invited person
 * creates the account with the key from the invitation email. Answers like `POST /fetch_api_key`.
 */
export const acceptInvite = defineOperation({
  type: 'invite.accept',
  method: 'POST',
  path: '/invites/accept',
  service: 'users',
  kind: 'command',
  auth: 'none',
  params: z.object({ key: z.string().max(100), full_name: FullName, password: Password }),
  // Creates a user: user ids and unique emails are organization-wide.
  reply: z.strictObject({ api_key: z.string(), email: z.string(), user_id: z.int() }),
  key: 'realm',
});
