import { Role } from '@zulip-es/contracts';
import type { UserState } from '../../domain/user.state';
import { aGroup, groupsState } from '../../testing/user-groups.fixtures';
import { aUser } from '../../testing/users.fixtures';
import { groupsContext } from '../../user-groups/groups-context';
import type { UserGroupState } from '../../user-groups/user-group.state';
import { decideCreateInviteLink, type CreateInviteLink, type CreateInviteLinkState } from './create-invite-link.decide';

const now = new Date('2026-02-03T04:05:06.000Z');
const newKey = (linkId: number) => ({ keyNonce: `nonce-for-link-${linkId}`, keyHash: String(linkId % 10).repeat(64) });
const admin = aUser({ userId: 2, role: Role.ADMINISTRATOR });

const groupsFor = (actor: UserState, groups: UserGroupState[] = []) => groupsContext(groupsState({ actor, users: [actor], groups }));
const readable = (...ids: number[]) => new Map(ids.map((id) => [id, { accessible: true, mayAddSubscribers: true }]));
/** A group whose members may be added by `userId` only. */
const addableBy = (userId: number, overrides: Partial<UserGroupState> = {}) =>
  aGroup({
    groupId: 20,
    settings: { ...aGroup().settings, can_add_members_group: { directMembers: [userId], directSubgroups: [] } },
    ...overrides,
  });

const given = (overrides: Partial<CreateInviteLinkState> = {}): CreateInviteLinkState => ({
  actor: admin,
  groups: groupsFor(overrides.actor ?? admin),
  permissions: { mayInvite: true, mayCreateLink: true },
  channels: new Map(),
  lastLinkId: 6,
  ...overrides,
});
const cmd = (overrides: Partial<CreateInviteLink> = {}): CreateInviteLink => ({
  invite_expires_in_minutes: 14400,
  invite_as: Role.MEMBER,
  stream_ids: null,
  group_ids: null,
  include_realm_default_subscriptions: false,
  ...overrides,
});
const decide = (c: Partial<CreateInviteLink> = {}, s: Partial<CreateInviteLinkState> = {}) =>
  decideCreateInviteLink(cmd(c), given(s), newKey, now);
const refusal = (code: string, msg: string) => expect.objectContaining({ code, msg });

describe('create a reusable invitation link', () => {
  describe('given someone who may create links', () => {
    it("when creating one with Zulip's defaults, then the next link id holds them, with a key recorded as nonce and hash", () => {
      expect(decide()).toEqual({
        type: 'invitation_link.created.v1',
        aggregateId: 'invite_link:7',
        sequence: 1,
        data: {
          linkId: 7,
          invitedByUserId: 2,
          invitedAs: Role.MEMBER,
          createdAt: now.toISOString(),
          expiresAt: '2026-02-13T04:05:06.000Z',
          streamIds: [],
          groupIds: [],
          includeRealmDefaultSubscriptions: false,
          welcomeMessageCustomText: null,
          keyNonce: 'nonce-for-link-7',
          keyHash: '7'.repeat(64),
        },
      });
    });

    it('when the expiry is null, then the link never expires', () => {
      expect(decide({ invite_expires_in_minutes: null }).data.expiresAt).toBeNull();
    });

    it('when channels, groups, default channels and a welcome text are given, then the link records them', () => {
      const groups = groupsFor(admin, [addableBy(admin.userId)]);
      const { data } = decide(
        { stream_ids: [5], group_ids: [20], include_realm_default_subscriptions: true, welcome_message_custom_text: 'Welcome!' },
        { channels: readable(5), groups },
      );
      expect(data).toMatchObject({
        streamIds: [5],
        groupIds: [20],
        includeRealmDefaultSubscriptions: true,
        welcomeMessageCustomText: 'Welcome!',
      });
    });

    it('when the welcome text is empty, then it is kept: no Welcome Bot custom message at all', () => {
      expect(decide({ welcome_message_custom_text: '' }).data.welcomeMessageCustomText).toBe('');
    });
  });

  describe('given the checks in Zulip order', () => {
    it('a guest is refused before anything else', () => {
      expect(() =>
        decide(
          { invite_as: Role.OWNER, stream_ids: [99] },
          { actor: aUser({ role: Role.GUEST }), permissions: { mayInvite: false, mayCreateLink: false } },
        ),
      ).toThrow(refusal('BAD_REQUEST', 'Not allowed for guest users'));
    });

    it('a bot is refused', () => {
      expect(() => decide({}, { actor: aUser({ isBot: true }) })).toThrow(
        refusal('BAD_REQUEST', 'This endpoint does not accept bot requests.'),
      );
    });

    it('someone outside create_multiuse_invite_group gets "Insufficient permission" before the role check', () => {
      expect(() => decide({ invite_as: Role.OWNER }, { permissions: { mayInvite: true, mayCreateLink: false } })).toThrow(
        refusal('BAD_REQUEST', 'Insufficient permission'),
      );
    });

    it('an administrator may not create a link to the owner role', () => {
      expect(() => decide({ invite_as: Role.OWNER })).toThrow(refusal('UNAUTHORIZED_PRINCIPAL', 'Must be an organization owner'));
    });

    it('the role comes before the channels', () => {
      const member = aUser({ userId: 4, role: Role.MEMBER });
      expect(() => decide({ invite_as: Role.MODERATOR, stream_ids: [99] }, { actor: member, groups: groupsFor(member) })).toThrow(
        refusal('BAD_REQUEST', 'Must be an organization administrator'),
      );
    });

    it('an unknown or unreadable channel is refused', () => {
      expect(() => decide({ stream_ids: [5, 11] }, { channels: readable(5) })).toThrow(
        refusal('BAD_REQUEST', 'Invalid channel ID 11. No invites were sent.'),
      );
    });

    it('a channel the creator may not add subscribers to is refused', () => {
      expect(() => decide({ stream_ids: [5] }, { channels: new Map([[5, { accessible: true, mayAddSubscribers: false }]]) })).toThrow(
        refusal('BAD_REQUEST', 'You do not have permission to subscribe other users to channels.'),
      );
    });

    it('the channels come before the groups', () => {
      expect(() => decide({ stream_ids: [3], group_ids: [99] })).toThrow(
        refusal('BAD_REQUEST', 'Invalid channel ID 3. No invites were sent.'),
      );
    });

    it('an unknown group, or one the creator may not add members to, is refused', () => {
      expect(() => decide({ group_ids: [99] })).toThrow(refusal('BAD_REQUEST', 'Invalid user group'));
      expect(() => decide({ group_ids: [20] }, { groups: groupsFor(admin, [addableBy(1)]) })).toThrow(
        refusal('BAD_REQUEST', 'Insufficient permission'),
      );
    });

    it('the groups come before the welcome text, which needs an administrator', () => {
      const member = aUser({ userId: 4, role: Role.MEMBER });
      expect(() => decide({ group_ids: [99], welcome_message_custom_text: 'Hi' }, { actor: member, groups: groupsFor(member) })).toThrow(
        refusal('BAD_REQUEST', 'Invalid user group'),
      );
      expect(() => decide({ welcome_message_custom_text: 'Hi' }, { actor: member, groups: groupsFor(member) })).toThrow(
        refusal('BAD_REQUEST', 'Must be an organization administrator'),
      );
    });
  });

  describe('role matrix for invite_as, given the permission to create links', () => {
    it.each([
      [Role.OWNER, [Role.OWNER, Role.ADMINISTRATOR, Role.MODERATOR, Role.MEMBER, Role.GUEST]],
      [Role.ADMINISTRATOR, [Role.ADMINISTRATOR, Role.MODERATOR, Role.MEMBER, Role.GUEST]],
      [Role.MODERATOR, [Role.MEMBER, Role.GUEST]],
      [Role.MEMBER, [Role.MEMBER, Role.GUEST]],
    ] as const)('role %i may create links to %j only', (actorRole, allowed) => {
      const actor = aUser({ role: actorRole });
      for (const role of [Role.OWNER, Role.ADMINISTRATOR, Role.MODERATOR, Role.MEMBER, Role.GUEST]) {
        const attempt = () => decide({ invite_as: role }, { actor, groups: groupsFor(actor) });
        if ((allowed as readonly number[]).includes(role)) expect(attempt().data.invitedAs).toBe(role);
        else expect(attempt).toThrow();
      }
    });
  });
});
