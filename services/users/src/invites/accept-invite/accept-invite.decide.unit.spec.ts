import { Role } from '@zulip-es/contracts';
import { apiKeyHash, deriveApiKey } from '../../domain/credentials';
import { aGroup } from '../../testing/user-groups.fixtures';
import { anInvitation, aRealm, aUser } from '../../testing/users.fixtures';
import {
  checkAcceptInvite,
  decideAcceptInvite,
  LINK_EXPIRED,
  LINK_NOT_FOUND,
  LINK_USED,
  type AcceptInviteState,
} from './accept-invite.decide';

const now = new Date('2026-01-05T00:00:00.000Z');
const credentials = { passwordHash: 'scrypt$hash', apiKeySecret: 'x'.repeat(32) };
const invitation = anInvitation({
  inviteId: 9,
  invitedByUserId: 2,
  email: 'Invitee@example.com',
  invitedAs: Role.MODERATOR,
  version: 2,
  streamIds: [4, 5],
  groupIds: [7],
  includeRealmDefaultSubscriptions: true,
  notifyReferrerOnJoin: false,
  welcomeMessageCustomText: 'Hello',
  keyHash: 'c'.repeat(64),
});
const given = (overrides: Partial<AcceptInviteState> = {}): AcceptInviteState => ({
  realm: aRealm(),
  invitation,
  keyHash: 'c'.repeat(64),
  existing: null,
  others: [invitation],
  groups: [],
  lastUserId: 20,
  ...overrides,
});
const cmd = (overrides = {}) => ({ key: 'k'.repeat(24), full_name: '  New Person ', password: 'correct horse', ...overrides });

describe('accept an invitation', () => {
  it('given a valid key, then the user is created with the invited role and the acceptance carries what others act on', () => {
    const { events, credentials: issued } = decideAcceptInvite(cmd(), given(), credentials, now);
    const [created, accepted, ...rest] = events;
    expect(created).toMatchObject({
      type: 'user.created.v2',
      aggregateId: 'user:21',
      sequence: 1,
      data: {
        userId: 21,
        deliveryEmail: 'Invitee@example.com',
        fullName: 'New Person',
        role: Role.MODERATOR,
        dateJoined: now.toISOString(),
      },
    });
    expect(issued).toEqual([expect.objectContaining({ userId: 21, passwordHash: 'scrypt$hash' })]);
    expect(issued[0].apiKeyHash).toBe(apiKeyHash(deriveApiKey(credentials.apiKeySecret, 21, issued[0].apiKeyNonce)));
    expect(accepted).toEqual({
      type: 'invitation.accepted.v1',
      aggregateId: 'invite:9',
      sequence: 3,
      data: {
        inviteId: 9,
        userId: 21,
        email: 'Invitee@example.com',
        invitedAs: Role.MODERATOR,
        referrerId: 2,
        streamIds: [4, 5],
        includeRealmDefaultSubscriptions: true,
        groupIds: [7],
        notifyReferrerOnJoin: false,
        welcomeMessageCustomText: 'Hello',
      },
    });
    expect(rest).toEqual([]);
  });

  it('given an invitation asked for through a reusable link, then the acceptance names the link and notifies nobody', () => {
    const throughLink = { ...invitation, linkId: 4, notifyReferrerOnJoin: false, invitedAs: Role.GUEST };
    const [created, accepted] = decideAcceptInvite(cmd(), given({ invitation: throughLink }), credentials, now).events;
    expect(created.data).toMatchObject({ role: Role.GUEST });
    expect(accepted.data).toMatchObject({
      inviteId: 9,
      linkId: 4,
      notifyReferrerOnJoin: false,
      streamIds: [4, 5],
      groupIds: [7],
      includeRealmDefaultSubscriptions: true,
    });
  });

  it('given invited groups, then the new user joins each of them, a deactivated one too, as Zulip does', () => {
    const groups = [aGroup({ groupId: 7, version: 3 }), aGroup({ groupId: 8, name: 'old', deactivated: true, version: 5 })];
    const { events } = decideAcceptInvite(cmd(), given({ groups }), credentials, now);
    expect(events.slice(2)).toEqual([
      { type: 'user_group.members_added.v1', aggregateId: 'group:7', sequence: 4, data: { groupId: 7, userIds: [21] } },
      { type: 'user_group.members_added.v1', aggregateId: 'group:8', sequence: 6, data: { groupId: 8, userIds: [21] } },
    ]);
  });

  it('given other pending invitations to the same address, then they are revoked', () => {
    const others = [invitation, anInvitation({ inviteId: 4, version: 1 }), anInvitation({ inviteId: 5, status: 'revoked' })];
    const { events } = decideAcceptInvite(cmd(), given({ others }), credentials, now);
    expect(events.slice(2)).toEqual([{ type: 'invitation.revoked.v1', aggregateId: 'invite:4', sequence: 2, data: { inviteId: 4 } }]);
  });

  it.each([
    ['an unknown key', { invitation: null }, LINK_NOT_FOUND],
    ['a used invitation', { invitation: { ...invitation, status: 'accepted' as const } }, LINK_USED],
    ['a revoked invitation', { invitation: { ...invitation, status: 'revoked' as const } }, LINK_EXPIRED],
    ['an expired invitation', { invitation: { ...invitation, expiresAt: now.toISOString() } }, LINK_EXPIRED],
    ['a key replaced by a resend', { keyHash: 'd'.repeat(64) }, LINK_EXPIRED],
    ['an address registered since', { existing: aUser({ userId: 3 }) }, "Email 'Invitee@example.com' already in use"],
  ])('given %s, then it is refused', (_what, overrides, msg) => {
    expect(() => checkAcceptInvite(cmd(), given(overrides), now)).toThrow(expect.objectContaining({ code: 'BAD_REQUEST', msg }));
  });

  it('given an invitation that never expires, then it is accepted years later', () => {
    const forever = { ...invitation, expiresAt: null };
    expect(checkAcceptInvite(cmd(), given({ invitation: forever }), new Date('2099-01-01T00:00:00.000Z')).invitation).toBe(forever);
  });

  it.each([
    [{ full_name: ' ' }, 'Name too short!'],
    [{ full_name: 'Bad *name*' }, 'Invalid characters in name!'],
    [{ password: 'abc' }, 'The password is too weak.'],
  ])('given %j, then it is refused with "%s"', (overrides, msg) => {
    expect(() => checkAcceptInvite(cmd(overrides), given(), now)).toThrow(expect.objectContaining({ code: 'BAD_REQUEST', msg }));
  });
});
