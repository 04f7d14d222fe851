import { Role } from '@zulip-es/contracts';
import { anInvitationLink } from '../testing/users.fixtures';
import { evolveInvitationLink, isLinkExpired, isLinkValid } from './invitation-link.state';

describe('invitation link state', () => {
  const created = {
    type: 'invitation_link.created.v1' as const,
    data: {
      linkId: 3,
      invitedByUserId: 1,
      invitedAs: Role.MEMBER,
      createdAt: '2026-01-01T00:00:00.000Z',
      expiresAt: null,
      streamIds: [4],
      groupIds: [],
      includeRealmDefaultSubscriptions: true,
      welcomeMessageCustomText: null,
      keyHash: 'a'.repeat(64),
      keyNonce: 'n'.repeat(16),
    },
  };

  it('starts unrevoked and is revoked for good', () => {
    const state = evolveInvitationLink(null, created, 1);
    expect(state).toMatchObject({ linkId: 3, revoked: false, version: 1, streamIds: [4] });
    expect(evolveInvitationLink(state, { type: 'invitation_link.revoked.v1', data: { linkId: 3 } }, 2)).toMatchObject({
      revoked: true,
      version: 2,
    });
  });

  it('refuses a revocation of a link it never saw created', () => {
    expect(() => evolveInvitationLink(null, { type: 'invitation_link.revoked.v1', data: { linkId: 3 } }, 2)).toThrow();
  });

  it('is valid until it expires or is revoked, and never expires without an expiry', () => {
    const link = anInvitationLink({ expiresAt: '2026-01-11T00:00:00.000Z' });
    expect(isLinkValid(link, new Date('2026-01-10T23:59:59.999Z'))).toBe(true);
    expect(isLinkExpired(link, new Date('2026-01-11T00:00:00.000Z'))).toBe(true);
    expect(isLinkValid(anInvitationLink({ expiresAt: null }), new Date('2099-01-01T00:00:00.000Z'))).toBe(true);
    expect(isLinkValid(anInvitationLink({ expiresAt: null, revoked: true }), new Date())).toBe(false);
  });
});
