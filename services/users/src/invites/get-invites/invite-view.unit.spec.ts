import { Role } from '@zulip-es/contracts';
import { anInvitation, aUser } from '../../testing/users.fixtures';
import { invitesControlledBy } from './invite-view';

const now = new Date('2026-01-05T00:00:00.000Z');
const mine = anInvitation({ inviteId: 1, invitedByUserId: 2 });
const theirs = anInvitation({ inviteId: 2, invitedByUserId: 3, expiresAt: null, invitedAs: Role.ADMINISTRATOR });
const expired = anInvitation({ inviteId: 3, invitedByUserId: 2, expiresAt: '2026-01-04T00:00:00.000Z' });
const revoked = anInvitation({ inviteId: 4, invitedByUserId: 2, status: 'revoked' });
const all = [mine, theirs, expired, revoked];

describe('GET /invites view', () => {
  it("formats Zulip's Invite dict", () => {
    expect(invitesControlledBy(aUser({ userId: 2 }), [mine], now)).toEqual([
      {
        id: 1, invited_by_user_id: 2, invited: 1767225600, expiry_date: 1768089600, invited_as: 400, email: 'invitee@example.com',
        notify_referrer_on_join: true, is_multiuse: false,
      },
    ]);
  });

  it('shows administrators every valid invitation and others their own', () => {
    expect(invitesControlledBy(aUser({ userId: 9, role: Role.ADMINISTRATOR }), all, now).map((i) => i.id)).toEqual([1, 2]);
    expect(invitesControlledBy(aUser({ userId: 2, role: Role.MODERATOR }), all, now).map((i) => i.id)).toEqual([1]);
    expect(invitesControlledBy(aUser({ userId: 2, role: Role.MODERATOR }), all, now)[0]).toMatchObject({ expiry_date: 1768089600 });
    expect(invitesControlledBy(aUser({ userId: 9, role: Role.OWNER }), [theirs], now)[0]).toMatchObject({ expiry_date: null, invited_as: 200 });
  });
});
