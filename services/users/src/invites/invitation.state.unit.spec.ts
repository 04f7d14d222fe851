import { Role } from '@zulip-es/contracts';
import { anInvitation } from '../testing/users.fixtures';
import { evolveInvitation, isExpired, isSentByUser, isValid } from './invitation.state';

describe('invitation state', () => {
  const created = {
    type: 'invitation.created.v1' as const,
    data: {
      inviteId: 3,
      invitedByUserId: 1,
      email: 'x@example.com',
      invitedAs: Role.MEMBER,
      invitedAt: '2026-01-01T00:00:00.000Z',
      expiresAt: '2026-01-02T00:00:00.000Z',
      streamIds: [4],
      groupIds: [],
      includeRealmDefaultSubscriptions: true,
      notifyReferrerOnJoin: false,
      welcomeMessageCustomText: null,
      keyHash: 'a'.repeat(64),
      keyNonce: 'n'.repeat(16),
    },
  };

  it('starts pending and follows resend, acceptance and revocation', () => {
    let state = evolveInvitation(null, created, 1);
    expect(state).toMatchObject({ inviteId: 3, status: 'pending', version: 1, streamIds: [4] });
    state = evolveInvitation(
      state,
      {
        type: 'invitation.resent.v1',
        data: { inviteId: 3, invitedAt: '2026-01-01T05:00:00.000Z', keyHash: 'b'.repeat(64), keyNonce: 'm'.repeat(16) },
      },
      2,
    );
    expect(state).toMatchObject({
      invitedAt: '2026-01-01T05:00:00.000Z',
      keyHash: 'b'.repeat(64),
      expiresAt: '2026-01-02T00:00:00.000Z',
      version: 2,
    });
    const accepted = evolveInvitation(
      state,
      {
        type: 'invitation.accepted.v1',
        data: {
          inviteId: 3,
          userId: 8,
          email: 'x@example.com',
          invitedAs: Role.MEMBER,
          referrerId: 1,
          streamIds: [4],
          includeRealmDefaultSubscriptions: true,
          groupIds: [],
          notifyReferrerOnJoin: false,
          welcomeMessageCustomText: null,
        },
      },
      3,
    );
    expect(accepted).toMatchObject({ status: 'accepted', acceptedUserId: 8, version: 3 });
    expect(evolveInvitation(state, { type: 'invitation.revoked.v1', data: { inviteId: 3 } }, 3)).toMatchObject({ status: 'revoked' });
  });

  it('starts an invitation asked for through a link as pending, from the link, with no referrer to notify', () => {
    const requested = {
      type: 'invitation.requested.v1' as const,
      data: {
        inviteId: 5,
        linkId: 2,
        referrerId: 1,
        email: 'y@example.com',
        invitedAs: Role.GUEST,
        invitedAt: '2026-01-01T00:00:00.000Z',
        expiresAt: '2026-01-02T00:00:00.000Z',
        streamIds: [4],
        groupIds: [6],
        includeRealmDefaultSubscriptions: false,
        welcomeMessageCustomText: null,
        keyHash: 'a'.repeat(64),
        keyNonce: 'n'.repeat(16),
      },
    };
    const state = evolveInvitation(null, requested, 1);
    expect(state).toMatchObject({ inviteId: 5, linkId: 2, invitedByUserId: 1, notifyReferrerOnJoin: false, status: 'pending', version: 1 });
    expect(isSentByUser(state)).toBe(false);
    expect(isSentByUser(evolveInvitation(null, created, 1))).toBe(true);
  });

  it('refuses a change to an invitation it never saw created', () => {
    expect(() => evolveInvitation(null, { type: 'invitation.revoked.v1', data: { inviteId: 3 } }, 2)).toThrow();
  });

  it('expires at its expiry time, and never without one', () => {
    const invitation = anInvitation({ expiresAt: '2026-01-11T00:00:00.000Z' });
    expect(isExpired(invitation, new Date('2026-01-10T23:59:59.999Z'))).toBe(false);
    expect(isExpired(invitation, new Date('2026-01-11T00:00:00.000Z'))).toBe(true);
    expect(isExpired(anInvitation({ expiresAt: null }), new Date('2099-01-01T00:00:00.000Z'))).toBe(false);
    expect(isValid(anInvitation({ status: 'accepted', expiresAt: null }), new Date())).toBe(false);
  });
});
