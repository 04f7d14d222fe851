import { Role } from '@zulip-es/contracts';
import { aRealm, aUser } from '../testing/users.fixtures';
import { presenceVisibleTo } from './presence-access';
import { presenceResponse } from './presence-response';
import { afterPing, isAnnouncedChange, lastUpdateIdOf, selectPresences, type PresenceAudience, type PresenceEntry } from './presence.rules';

const NOW = 1_800_000_000;
const entry = (userId: number, overrides: Partial<PresenceEntry> = {}): PresenceEntry => ({
  userId,
  activeAt: NOW - 10,
  connectedAt: NOW - 10,
  status: 'active',
  updateId: userId,
  ...overrides,
});
const audienceOf = (users: ReturnType<typeof aUser>[], overrides: Partial<PresenceAudience> = {}): PresenceAudience => ({
  users: new Map(users.map((u) => [u.userId, u])),
  presenceEnabled: () => true,
  visible: () => true,
  ...overrides,
});

describe('presence transitions (what becomes presence.changed.v1)', () => {
  it('announces a first ping', () => {
    expect(isAnnouncedChange(null, 'active', NOW)).toBe(true);
    expect(isAnnouncedChange(null, 'idle', NOW)).toBe(true);
  });

  it('does not announce a repeated ping with the same status', () => {
    expect(isAnnouncedChange(entry(1, { connectedAt: NOW - 60 }), 'active', NOW)).toBe(false);
  });

  it('announces a switch between active and idle', () => {
    expect(isAnnouncedChange(entry(1), 'idle', NOW)).toBe(true);
    expect(isAnnouncedChange(entry(1, { status: 'idle' }), 'active', NOW)).toBe(true);
  });

  it('announces coming back after the offline threshold of 140 s', () => {
    expect(isAnnouncedChange(entry(1, { connectedAt: NOW - 140 }), 'active', NOW)).toBe(false);
    expect(isAnnouncedChange(entry(1, { connectedAt: NOW - 141 }), 'active', NOW)).toBe(true);
  });

  it('keeps the last active time across idle pings', () => {
    expect(afterPing(entry(1, { activeAt: NOW - 50 }), 1, 'idle', NOW)).toMatchObject({
      activeAt: NOW - 50,
      connectedAt: NOW,
      status: 'idle',
    });
    expect(afterPing(null, 1, 'idle', NOW)).toMatchObject({ activeAt: null, connectedAt: NOW });
  });
});

describe('presence selection', () => {
  const alice = aUser({ userId: 1 });
  const bob = aUser({ userId: 2 });

  it('leaves out deactivated users, bots, unknown users and users who hide their presence', () => {
    const users = [alice, aUser({ userId: 2, isActive: false }), aUser({ userId: 3, isBot: true }), aUser({ userId: 4 })];
    const selected = selectPresences(
      [1, 2, 3, 4, 5].map((id) => entry(id)),
      audienceOf(users, { presenceEnabled: (u) => u.userId !== 4 }),
      { now: NOW },
    );
    expect(selected.map((e) => e.userId)).toEqual([1]);
  });

  it('keeps 14 days of history unless told otherwise', () => {
    const old = entry(2, { connectedAt: NOW - 15 * 86400, activeAt: NOW - 15 * 86400 });
    expect(selectPresences([entry(1), old], audienceOf([alice, bob]), { now: NOW }).map((e) => e.userId)).toEqual([1]);
    expect(selectPresences([entry(1), old], audienceOf([alice, bob]), { now: NOW, historyLimitDays: 30 })).toHaveLength(2);
  });

  it('returns only newer updates to a client that holds some, without the history window', () => {
    const old = entry(2, { connectedAt: NOW - 20 * 86400, updateId: 50 });
    expect(
      selectPresences([entry(1, { updateId: 10 }), old], audienceOf([alice, bob]), { now: NOW, lastUpdateId: 10 }).map((e) => e.userId),
    ).toEqual([2]);
  });

  it('limits a guest to themselves only when the server setting says so', () => {
    const guest = aUser({ userId: 3, role: Role.GUEST });
    const users = [alice, bob, guest];
    const entries = [entry(1), entry(2), entry(3)];
    expect(selectPresences(entries, audienceOf(users, { visible: presenceVisibleTo(guest, false) }), { now: NOW })).toHaveLength(3);
    expect(
      selectPresences(entries, audienceOf(users, { visible: presenceVisibleTo(guest, true) }), { now: NOW }).map((e) => e.userId),
    ).toEqual([3]);
    expect(selectPresences(entries, audienceOf(users, { visible: presenceVisibleTo(alice, true) }), { now: NOW })).toHaveLength(3);
  });
});

describe('presence_last_update_id', () => {
  it("is the newest selected update, else the client's, else -1", () => {
    expect(lastUpdateIdOf([entry(1, { updateId: 7 }), entry(2, { updateId: 9 })], 3)).toBe(9);
    expect(lastUpdateIdOf([], 3)).toBe(3);
    expect(lastUpdateIdOf([], undefined)).toBe(-1);
  });

  it('is found among 200,000 entries (a spread of them overflowed the stack)', () => {
    const entries = Array.from({ length: 200_000 }, (_, i) => entry(i + 1, { updateId: i === 123_456 ? 999_999 : i + 1 }));
    expect(lastUpdateIdOf(entries, undefined)).toBe(999_999);
  });
});

describe('presence response formats', () => {
  const realm = aRealm({ host: 'chat.example.com' });
  const visible = aUser({ userId: 1, deliveryEmail: 'alice@example.com', emailAddressVisibility: 1 });
  const hidden = aUser({ userId: 2, deliveryEmail: 'bob@example.com', emailAddressVisibility: 4 });
  const base = { realm, audience: audienceOf([visible, hidden]), query: { now: NOW }, serverTimestamp: NOW + 0.25 };

  it('keys the legacy format by API email, so hidden emails stay hidden', () => {
    const response = presenceResponse({
      ...base,
      entries: [entry(1), entry(2, { status: 'idle', activeAt: NOW - 500, connectedAt: NOW - 5 })],
      format: 'legacy',
    });
    expect(response).toEqual({
      presences: {
        'alice@example.com': {
          website: { client: 'website', status: 'active', timestamp: NOW - 10, pushable: false },
          aggregated: { client: 'website', status: 'active', timestamp: NOW - 10 },
        },
        'user2@chat.example.com': {
          website: { client: 'website', status: 'idle', timestamp: NOW - 5, pushable: false },
          aggregated: { client: 'website', status: 'idle', timestamp: NOW - 5 },
        },
      },
      server_timestamp: NOW + 0.25,
      presence_last_update_id: 2,
    });
  });

  it('counts a user who never was active as active when they joined', () => {
    const response = presenceResponse({
      ...base,
      entries: [entry(1, { activeAt: null, status: 'idle', connectedAt: NOW })],
      format: 'modern',
    });
    expect(response.presences).toEqual({ '1': { active_timestamp: Date.parse(visible.dateJoined) / 1000, idle_timestamp: NOW } });
  });

  it('answers the client its own last_update_id when nothing is newer, and -1 without one', () => {
    expect(
      presenceResponse({ ...base, entries: [entry(1, { updateId: 4 })], query: { now: NOW, lastUpdateId: 4 }, format: 'modern' }),
    ).toMatchObject({
      presences: {},
      presence_last_update_id: 4,
    });
    expect(presenceResponse({ ...base, entries: [], format: 'legacy' })).toMatchObject({ presences: {}, presence_last_update_id: -1 });
  });
});
