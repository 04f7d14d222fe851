import { MAX_INVITEES_PER_REQUEST, Role } from '@zulip-es/contracts';
import type { UserState } from '../../domain/user.state';
import { aGroup, groupsState } from '../../testing/user-groups.fixtures';
import { aUser } from '../../testing/users.fixtures';
import { groupsContext } from '../../user-groups/groups-context';
import type { UserGroupState } from '../../user-groups/user-group.state';
import { decideSendInvites, type SendInvites, type SendInvitesState } from './send-invites.decide';

const now = new Date('2026-02-03T04:05:06.000Z');
const newKey = (inviteId: number) => ({ keyNonce: `nonce-for-invite-${inviteId}`, keyHash: String(inviteId % 10).repeat(64) });
const member = aUser({ userId: 2, role: Role.MEMBER });

/** The system groups plus `groups`, as `actor` sees them. */
const groupsFor = (actor: UserState, groups: UserGroupState[] = []) => groupsContext(groupsState({ actor, users: [actor], groups }));

/** Channels the inviter may read and add subscribers to. */
const readable = (...ids: number[]) => new Map(ids.map((id) => [id, { accessible: true, mayAddSubscribers: true }]));

/** A group whose members may be added by `userId` only. */
const addableBy = (userId: number, overrides: Partial<UserGroupState> = {}) =>
  aGroup({
    groupId: 20,
    settings: { ...aGroup().settings, can_add_members_group: { directMembers: [userId], directSubgroups: [] } },
    ...overrides,
  });

const given = (overrides: Partial<SendInvitesState> = {}): SendInvitesState => ({
  actor: member,
  groups: groupsFor(overrides.actor ?? member),
  permissions: { mayInvite: true, mayCreateLink: false },
  channels: new Map(),
  existingUsers: new Map(),
  recentInvites: 0,
  dailyLimit: 100,
  lastInviteId: 40,
  ...overrides,
});
const cmd = (overrides: Partial<SendInvites> = {}): SendInvites => ({
  invitee_emails: 'new@example.com',
  stream_ids: [],
  group_ids: null,
  invite_as: Role.MEMBER,
  invite_expires_in_minutes: 14400,
  include_realm_default_subscriptions: false,
  notify_referrer_on_join: true,
  ...overrides,
});
const decide = (c: Partial<SendInvites> = {}, s: Partial<SendInvitesState> = {}) => decideSendInvites(cmd(c), given(s), newKey, now);
const refusal = (code: string, msg: string, extra: object = {}) =>
  expect.objectContaining({ code, msg, ...(Object.keys(extra).length ? { extra: expect.objectContaining(extra) } : {}) });

describe('send invitations', () => {
  describe('given a member who may invite', () => {
    it('when inviting two addresses, then one invitation each with consecutive ids', () => {
      const { events, error } = decide({ invitee_emails: 'a@example.com, Bee <b@example.com>' });
      expect(error).toBeUndefined();
      expect(events.map((e) => [e.aggregateId, e.sequence, e.data.email])).toEqual([
        ['invite:41', 1, 'a@example.com'],
        ['invite:42', 1, 'b@example.com'],
      ]);
      expect(events[0]).toMatchObject({
        type: 'invitation.created.v1',
        data: {
          inviteId: 41,
          invitedByUserId: 2,
          invitedAs: Role.MEMBER,
          invitedAt: now.toISOString(),
          expiresAt: '2026-02-13T04:05:06.000Z',
          streamIds: [],
          groupIds: [],
          includeRealmDefaultSubscriptions: false,
          notifyReferrerOnJoin: true,
          welcomeMessageCustomText: null,
          keyNonce: 'nonce-for-invite-41',
          keyHash: '1'.repeat(64),
        },
      });
    });

    it('when the expiry is null, then the invitation never expires', () => {
      expect(decide({ invite_expires_in_minutes: null }).events[0].data.expiresAt).toBeNull();
    });

    it('when the expiry is given in minutes, then it is counted from now', () => {
      expect(decide({ invite_expires_in_minutes: 30 }).events[0].data.expiresAt).toBe('2026-02-03T04:35:06.000Z');
    });

    it('when groups, default subscriptions and the referrer flag are given, then the invitation records them', () => {
      const groups = groupsFor(member, [addableBy(member.userId), addableBy(member.userId, { groupId: 21, name: 'other' })]);
      const [event] = decide(
        { group_ids: [20, 21], include_realm_default_subscriptions: true, notify_referrer_on_join: false },
        { groups },
      ).events;
      expect(event.data).toMatchObject({ groupIds: [20, 21], includeRealmDefaultSubscriptions: true, notifyReferrerOnJoin: false });
    });

    it('when an existing channel is named, then the invitation records it', () => {
      expect(decide({ stream_ids: [5] }, { channels: readable(5) }).events[0].data.streamIds).toEqual([5]);
    });

    it.each([Role.MEMBER, Role.GUEST])('when inviting as role %i, then it is allowed', (role) => {
      expect(decide({ invite_as: role }).events[0].data.invitedAs).toBe(role);
    });

    it.each([Role.ADMINISTRATOR, Role.MODERATOR])('when inviting as role %i, then an administrator is required (BAD_REQUEST)', (role) => {
      expect(() => decide({ invite_as: role })).toThrow(refusal('BAD_REQUEST', 'Must be an organization administrator'));
    });

    it('when inviting an owner, then an owner is required (UNAUTHORIZED_PRINCIPAL)', () => {
      expect(() => decide({ invite_as: Role.OWNER })).toThrow(refusal('UNAUTHORIZED_PRINCIPAL', 'Must be an organization owner'));
    });

    it('when the list is empty or only blanks, then at least one address is asked for', () => {
      for (const invitee_emails of ['', ' , \n ']) {
        expect(() => decide({ invitee_emails })).toThrow(refusal('BAD_REQUEST', 'You must specify at least one email address.'));
      }
    });

    it('when more addresses than one request may hold are given, then nothing is sent', () => {
      const emails = (n: number) => Array.from({ length: n }, (_, i) => `person${i}@example.com`).join(',');
      const quota = { dailyLimit: 3000 };
      expect(decide({ invitee_emails: emails(MAX_INVITEES_PER_REQUEST) }, quota).events).toHaveLength(MAX_INVITEES_PER_REQUEST);
      expect(() => decide({ invitee_emails: emails(MAX_INVITEES_PER_REQUEST + 1) }, quota)).toThrow(
        refusal(
          'BAD_REQUEST',
          `You can invite at most ${MAX_INVITEES_PER_REQUEST} people at once; ${MAX_INVITEES_PER_REQUEST + 1} addresses were given.`,
        ),
      );
    });

    it('when a channel is unknown, then nothing is sent', () => {
      expect(() => decide({ stream_ids: [5, 11] }, { channels: readable(5) })).toThrow(
        refusal('BAD_REQUEST', 'Invalid channel ID 11. No invites were sent.'),
      );
    });

    it('when a welcome text is given, then an administrator is required', () => {
      expect(() => decide({ welcome_message_custom_text: 'Hi' })).toThrow(refusal('BAD_REQUEST', 'Must be an organization administrator'));
    });

    it('when an address is invalid, then nothing is sent and invalid and registered addresses are listed', () => {
      const existingUsers = new Map([['old@example.com', aUser({ userId: 3, deliveryEmail: 'old@example.com' })]]);
      expect(() => decide({ invitee_emails: 'bad-address, old@example.com, new@example.com' }, { existingUsers })).toThrow(
        refusal('INVITATION_FAILED', "Some emails did not validate, so we didn't send any invitations.", {
          errors: [
            ['bad-address', 'Invalid address.', false],
            ['old@example.com', 'Already has an account.', false],
          ],
          sent_invitations: false,
          daily_limit_reached: false,
          license_limit_reached: false,
        }),
      );
    });

    it('when every address is registered, then nobody is invited', () => {
      const existingUsers = new Map([
        ['old@example.com', aUser({ userId: 3 })],
        ['gone@example.com', aUser({ userId: 4, isActive: false })],
      ]);
      expect(() => decide({ invitee_emails: 'Old@example.com, gone@example.com' }, { existingUsers })).toThrow(
        refusal('INVITATION_FAILED', "We weren't able to invite anyone.", {
          errors: [
            ['Old@example.com', 'Already has an account.', false],
            ['gone@example.com', 'Account has been deactivated.', true],
          ],
          sent_invitations: false,
        }),
      );
    });

    it('when some addresses are registered, then the others are invited and the answer lists the skipped ones', () => {
      const existingUsers = new Map([['old@example.com', aUser({ userId: 3 })]]);
      const { events, error } = decide({ invitee_emails: 'old@example.com, new@example.com' }, { existingUsers });
      expect(events.map((e) => e.data.email)).toEqual(['new@example.com']);
      expect(error).toMatchObject({
        code: 'INVITATION_FAILED',
        msg: "Some of those addresses are already using Zulip, so we didn't send them an invitation. We did send invitations to everyone else!",
        extra: {
          errors: [['old@example.com', 'Already has an account.', false]],
          sent_invitations: true,
          daily_limit_reached: false,
          license_limit_reached: false,
        },
      });
    });

    it('when the daily limit would be passed, then nothing is sent', () => {
      expect(() => decide({ invitee_emails: 'a@example.com, b@example.com' }, { recentInvites: 99, dailyLimit: 100 })).toThrow(
        refusal(
          'INVITATION_FAILED',
          expect.stringContaining('Zulip limits the number of invitations you can send in one day') as unknown as string,
          {
            errors: [],
            sent_invitations: false,
            daily_limit_reached: true,
          },
        ),
      );
    });

    it('when the daily limit is exactly reached, then the invitations are sent', () => {
      expect(decide({ invitee_emails: 'a@example.com' }, { recentInvites: 99, dailyLimit: 100 }).events).toHaveLength(1);
    });
  });

  describe('given the checks in Zulip order', () => {
    it('a guest is refused before anything else', () => {
      expect(() =>
        decide(
          { invite_as: Role.OWNER, invitee_emails: '' },
          { actor: aUser({ role: Role.GUEST }), permissions: { mayInvite: false, mayCreateLink: false } },
        ),
      ).toThrow(refusal('BAD_REQUEST', 'Not allowed for guest users'));
    });

    it('a user without the invite permission gets "Insufficient permission" before the role check', () => {
      expect(() => decide({ invite_as: Role.OWNER }, { permissions: { mayInvite: false, mayCreateLink: false } })).toThrow(
        refusal('BAD_REQUEST', 'Insufficient permission'),
      );
    });

    it('the role check comes before the empty list', () => {
      expect(() => decide({ invite_as: Role.ADMINISTRATOR, invitee_emails: '' })).toThrow(
        refusal('BAD_REQUEST', 'Must be an organization administrator'),
      );
    });

    it('the empty list comes before the channels', () => {
      expect(() => decide({ invitee_emails: '', stream_ids: [3] })).toThrow(
        refusal('BAD_REQUEST', 'You must specify at least one email address.'),
      );
    });

    it('channels that exist still need the permission to add subscribers', () => {
      expect(() =>
        decide({ stream_ids: [5, 6] }, { channels: new Map([...readable(5), [6, { accessible: true, mayAddSubscribers: false }]]) }),
      ).toThrow(refusal('BAD_REQUEST', 'You do not have permission to subscribe other users to channels.'));
    });

    it('a channel the inviter cannot read is refused as unknown', () => {
      expect(() => decide({ stream_ids: [7] }, { channels: new Map([[7, { accessible: false, mayAddSubscribers: false }]]) })).toThrow(
        refusal('BAD_REQUEST', 'Invalid channel ID 7. No invites were sent.'),
      );
    });

    it('the channels come before the groups', () => {
      expect(() => decide({ stream_ids: [3], group_ids: [99] })).toThrow(
        refusal('BAD_REQUEST', 'Invalid channel ID 3. No invites were sent.'),
      );
    });

    it('the groups come before the welcome text', () => {
      expect(() => decide({ group_ids: [99], welcome_message_custom_text: 'Hi' })).toThrow(refusal('BAD_REQUEST', 'Invalid user group'));
    });

    it('the daily limit comes before address validation', () => {
      expect(() => decide({ invitee_emails: 'bad-address' }, { dailyLimit: 0 })).toThrow(
        refusal('INVITATION_FAILED', expect.any(String) as unknown as string, { daily_limit_reached: true }),
      );
    });
  });

  describe('given groups to add the invited users to', () => {
    it('when the actor may add members to each group, then the invitation carries the groups', () => {
      const { events } = decide({ group_ids: [20] }, { groups: groupsFor(member, [addableBy(member.userId)]) });
      expect(events[0].data.groupIds).toEqual([20]);
    });

    it('an unknown group is refused and nobody is invited', () => {
      expect(() => decide({ group_ids: [20] })).toThrow(refusal('BAD_REQUEST', 'Invalid user group'));
    });

    it('a group the actor may not add members to is refused', () => {
      expect(() => decide({ group_ids: [20] }, { groups: groupsFor(member, [addableBy(1)]) })).toThrow(
        refusal('BAD_REQUEST', 'Insufficient permission'),
      );
    });

    it('a deactivated group is refused', () => {
      expect(() => decide({ group_ids: [20] }, { groups: groupsFor(member, [addableBy(member.userId, { deactivated: true })]) })).toThrow(
        refusal('BAD_REQUEST', 'User group is deactivated.'),
      );
    });

    it('a system group is refused even to its members', () => {
      expect(() => decide({ group_ids: [6] })).toThrow(refusal('BAD_REQUEST', 'Insufficient permission'));
    });
  });

  describe('role matrix', () => {
    it.each([
      [Role.OWNER, [Role.OWNER, Role.ADMINISTRATOR, Role.MODERATOR, Role.MEMBER, Role.GUEST]],
      [Role.ADMINISTRATOR, [Role.ADMINISTRATOR, Role.MODERATOR, Role.MEMBER, Role.GUEST]],
      [Role.MODERATOR, [Role.MEMBER, Role.GUEST]],
      [Role.MEMBER, [Role.MEMBER, Role.GUEST]],
    ] as const)('role %i may invite as %j only', (actorRole, allowed) => {
      for (const role of [Role.OWNER, Role.ADMINISTRATOR, Role.MODERATOR, Role.MEMBER, Role.GUEST]) {
        const attempt = () => decide({ invite_as: role }, { actor: aUser({ role: actorRole }) });
        if ((allowed as readonly number[]).includes(role)) expect(attempt().events).toHaveLength(1);
        else expect(attempt).toThrow();
      }
    });

    it.each([Role.OWNER, Role.ADMINISTRATOR])('role %i may set a welcome text', (role) => {
      expect(decide({ welcome_message_custom_text: 'Welcome!' }, { actor: aUser({ role }) }).events[0].data.welcomeMessageCustomText).toBe(
        'Welcome!',
      );
    });
  });
});
