import { Role } from '@zulip-es/contracts';
import { anInvitationLink, aUser } from '../../testing/users.fixtures';
import { LINK_EXPIRED, LINK_NOT_FOUND } from '../accept-invite/accept-invite.decide';
import { decideJoinThroughInviteLink, INVALID_EMAIL, LINK_MALFORMED, type JoinThroughInviteLinkState } from './join-invite-link.decide';

const now = new Date('2026-01-05T00:00:00.000Z');
const newKey = (inviteId: number) => ({ keyNonce: `nonce-for-invite-${inviteId}`, keyHash: String(inviteId % 10).repeat(64) });
const link = anInvitationLink({
  linkId: 4,
  invitedByUserId: 2,
  invitedAs: Role.GUEST,
  streamIds: [5, 6],
  groupIds: [20],
  includeRealmDefaultSubscriptions: true,
  welcomeMessageCustomText: 'Hello',
  expiresAt: '2026-01-11T00:00:00.000Z',
});
const given = (overrides: Partial<JoinThroughInviteLinkState> = {}): JoinThroughInviteLinkState => ({
  link,
  existing: null,
  lastInviteId: 30,
  ...overrides,
});
const join = (overrides: Partial<JoinThroughInviteLinkState> = {}, params: { key?: string; email?: string } = {}) =>
  decideJoinThroughInviteLink({ key: 'k'.repeat(24), email: ' new@example.com ', ...params }, given(overrides), newKey, now);
const refusal = (msg: string) => expect.objectContaining({ code: 'BAD_REQUEST', msg });

describe('join through a reusable invitation link', () => {
  it("given a valid link, then a one-time invitation to the address with the link's settings, valid for a day", () => {
    expect(join()).toEqual({
      type: 'invitation.requested.v1',
      aggregateId: 'invite:31',
      sequence: 1,
      data: {
        inviteId: 31,
        linkId: 4,
        referrerId: 2,
        email: 'new@example.com',
        invitedAs: Role.GUEST,
        invitedAt: now.toISOString(),
        expiresAt: '2026-01-06T00:00:00.000Z',
        streamIds: [5, 6],
        groupIds: [20],
        includeRealmDefaultSubscriptions: true,
        welcomeMessageCustomText: 'Hello',
        keyNonce: 'nonce-for-invite-31',
        keyHash: '1'.repeat(64),
      },
    });
  });

  it('given a link that never expires, then it works years later', () => {
    expect(join({ link: { ...link, expiresAt: null } }, {}).data.linkId).toBe(4);
  });

  it('given the same link used again, then each use is an invitation of its own', () => {
    expect(join({ lastInviteId: 31 }).aggregateId).toBe('invite:32');
  });

  it.each([
    ['a key of the wrong length', {}, { key: 'short' }, LINK_MALFORMED],
    ['an unknown key', { link: null }, {}, LINK_NOT_FOUND],
    ['a revoked link, whose key Zulip deletes', { link: { ...link, revoked: true } }, {}, LINK_NOT_FOUND],
    ['an expired link', { link: { ...link, expiresAt: now.toISOString() } }, {}, LINK_EXPIRED],
    ['an invalid address', {}, { email: 'not-an-address' }, INVALID_EMAIL],
    ['an address already registered', { existing: aUser({ userId: 3 }) }, {}, "Email 'new@example.com' already in use"],
  ] as const)('given %s, then it is refused', (_what, state, params, msg) => {
    expect(() => join(state, params)).toThrow(refusal(msg));
  });

  it('the link is checked before the address', () => {
    expect(() => join({ link: null }, { email: 'not-an-address' })).toThrow(refusal(LINK_NOT_FOUND));
  });
});
