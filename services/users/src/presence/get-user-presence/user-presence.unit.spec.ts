import { aUser } from '../../testing/users.fixtures';
import { userPresence, type UserPresenceQuery } from './user-presence';

const NOW = 1_800_000_000;
const target = aUser({ userId: 9 });
const query = (overrides: Partial<UserPresenceQuery> = {}): UserPresenceQuery => ({
  named: '9',
  target,
  visible: true,
  enabled: true,
  entry: { userId: 9, activeAt: NOW - 30, connectedAt: NOW - 20, status: 'active', updateId: 3 },
  now: NOW,
  ...overrides,
});
const refusal = (msg: string) => expect.objectContaining({ code: 'BAD_REQUEST', msg });

describe("one user's presence (GET /users/{user_id_or_email}/presence)", () => {
  it('answers the legacy form without client and pushable: active while the last active ping is recent', () => {
    expect(userPresence(query())).toEqual({
      presence: { website: { status: 'active', timestamp: NOW - 30 }, aggregated: { status: 'active', timestamp: NOW - 30 } },
    });
  });

  it('marks the aggregate offline once older than the offline threshold, and keeps the client entry as it was', () => {
    const stale = userPresence(query({ entry: { userId: 9, activeAt: NOW - 1000, connectedAt: NOW - 500, status: 'idle', updateId: 3 } }));
    expect(stale.presence).toEqual({
      website: { status: 'idle', timestamp: NOW - 500 },
      aggregated: { status: 'offline', timestamp: NOW - 500 },
    });
  });

  it("refuses in Zulip's order: no such (or deactivated) user, a bot, no access, no presence data", () => {
    expect(() => userPresence(query({ target: null }))).toThrow(refusal('No such user'));
    expect(() => userPresence(query({ target: aUser({ userId: 9, isActive: false }) }))).toThrow(refusal('No such user'));
    expect(() => userPresence(query({ target: aUser({ userId: 9, isBot: true }), visible: false }))).toThrow(
      refusal('Presence is not supported for bot users.'),
    );
    expect(() => userPresence(query({ visible: false }))).toThrow(refusal('Insufficient permission'));
    expect(() => userPresence(query({ entry: null, named: 'a@example.com' }))).toThrow(refusal('No presence data for a@example.com'));
    expect(() => userPresence(query({ enabled: false }))).toThrow(refusal('No presence data for 9'));
  });
});
