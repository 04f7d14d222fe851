import { Role } from '@zulip-es/contracts';
import { anInvitation, aUser } from '../../testing/users.fixtures';
import { decideResendInvite, type ResendInviteState } from './resend-invite.decide';

const now = new Date('2026-01-05T00:00:00.000Z');
const key = { keyNonce: 'fresh-nonce-0123456789', keyHash: 'f'.repeat(64) };
const given = (overrides: Partial<ResendInviteState> = {}): ResendInviteState => ({
  actor: aUser({ userId: 2, role: Role.MEMBER }),
  invitation: anInvitation({ inviteId: 9, invitedByUserId: 2, version: 1 }),
  recentInvites: 0,
  dailyLimit: 10,
  ...overrides,
});

describe('resend an invitation', () => {
  it('given my pending invitation, when resent, then it gets a new key and counts as sent now', () => {
    expect(decideResendInvite({ invite_id: 9 }, given(), key, now)).toEqual([
      { type: 'invitation.resent.v1', aggregateId: 'invite:9', sequence: 2, data: { inviteId: 9, invitedAt: now.toISOString(), ...key } },
    ]);
  });

  it('given an unknown or revoked invitation, then "No such invitation"', () => {
    for (const invitation of [null, anInvitation({ invitedByUserId: 2, status: 'revoked' })]) {
      expect(() => decideResendInvite({ invite_id: 9 }, given({ invitation }), key, now)).toThrow(
        expect.objectContaining({ msg: 'No such invitation' }),
      );
    }
  });

  it("given someone else's invitation, a member is refused and an administrator may resend", () => {
    const invitation = anInvitation({ invitedByUserId: 1 });
    expect(() => decideResendInvite({ invite_id: 9 }, given({ invitation }), key, now)).toThrow(
      expect.objectContaining({ code: 'BAD_REQUEST', msg: 'Must be an organization administrator' }),
    );
    expect(
      decideResendInvite({ invite_id: 9 }, given({ invitation, actor: aUser({ userId: 3, role: Role.ADMINISTRATOR }) }), key, now),
    ).toHaveLength(1);
  });

  it('given the daily limit reached, then nothing is resent', () => {
    expect(() => decideResendInvite({ invite_id: 9 }, given({ recentInvites: 10 }), key, now)).toThrow(
      expect.objectContaining({ code: 'INVITATION_FAILED', extra: expect.objectContaining({ daily_limit_reached: true }) }),
    );
  });
});
