import { randomUUID } from 'node:crypto';
import { Role } from '@zulip-es/contracts';
import type { RealmEvent } from '../domain/realm.state';
import { evolveUser, type UserEvent } from '../domain/user.state';
import { aUser } from '../testing/users.fixtures';
import { UserDirectory } from './user-directory';
import type { EventEnvelope } from '@zulip-es/contracts';
import { UserDirectoryFeed } from './user-directory.feed';

const created = (userId: number): UserEvent => ({
  type: 'user.created.v1',
  data: {
    userId,
    realmId: 1,
    deliveryEmail: `u${userId}@example.com`,
    fullName: `U${userId}`,
    role: Role.MEMBER,
    isBot: false,
    timezone: '',
    emailAddressVisibility: 1,
    dateJoined: '2026-01-01T00:00:00.000Z',
    passwordHash: null,
    apiKeyHash: 'b'.repeat(64),
    apiKeyNonce: 'n'.repeat(16),
  },
});
const realmCreated: RealmEvent = {
  type: 'realm.created.v1',
  data: { realmId: 1, name: 'Org', host: 'chat.example.com', url: 'https://chat.example.com', createdAt: '2026-01-01T00:00:00.000Z' },
};
const realmRenamed = (name: string): RealmEvent => ({ type: 'realm.setting_changed.v1', data: { property: 'name', value: name } });
const deactivated = (userId: number): UserEvent => ({ type: 'user.deactivated.v1', data: { userId } });
const presenceOff = (userId: number): UserEvent => ({
  type: 'user.settings_changed.v1',
  data: { userId, property: 'presence_enabled', value: false },
});

/** A users.events record as the follower reads it. */
const record = (event: { type: string; data: object }, aggregateId: string, sequence: number): EventEnvelope => ({
  eventId: randomUUID(),
  type: event.type,
  aggregateId,
  sequence,
  time: '2026-01-01T00:00:00.000Z',
  actorId: 1,
  correlationId: 'c',
  causationId: 'c',
  data: event.data as Record<string, unknown>,
});

describe('UserDirectory', () => {
  it('follows a user through creation, a setting and deactivation, as the projector does', () => {
    const directory = new UserDirectory();
    const events = [created(5), presenceOff(5), deactivated(5)];
    events.forEach((event, i) => directory.apply(event, i + 1));
    const expected = events.reduce<ReturnType<typeof evolveUser> | null>((state, event, i) => evolveUser(state, event, i + 1), null);
    expect(directory.get(5)).toEqual(expected);
    expect(directory.get(5)).toMatchObject({ isActive: false, settings: expect.objectContaining({ presence_enabled: false }), version: 3 });
  });

  it('lists every user by id, deactivated ones included', () => {
    const directory = new UserDirectory();
    for (const id of [9, 3, 7]) directory.apply(created(id), 1);
    directory.apply(deactivated(7), 2);
    expect(directory.all().map((u) => [u.userId, u.isActive])).toEqual([
      [3, true],
      [7, false],
      [9, true],
    ]);
  });

  it('ignores an event the projector path already put, and a put older than what it holds', () => {
    const directory = new UserDirectory();
    directory.put(aUser({ userId: 4, fullName: 'Newer', version: 2 }));
    directory.apply(created(4), 1);
    directory.apply(deactivated(4), 2);
    expect(directory.get(4)).toMatchObject({ fullName: 'Newer', isActive: true, version: 2 });
    directory.put(aUser({ userId: 4, fullName: 'Older', version: 1 }));
    expect(directory.get(4)?.fullName).toBe('Newer');
  });

  it('goes on from a put state with the next event', () => {
    const directory = new UserDirectory();
    directory.put(aUser({ userId: 4, version: 2 }));
    directory.apply(deactivated(4), 3);
    expect(directory.get(4)).toMatchObject({ isActive: false, version: 3 });
  });

  it('refuses an event beyond the next, which would mean one was missed', () => {
    const directory = new UserDirectory();
    directory.apply(created(4), 1);
    expect(() => directory.apply(deactivated(4), 3)).toThrow(/stands at #1/);
  });

  it('shows a change in the next listing, and never changes a listing already handed out', () => {
    const directory = new UserDirectory();
    directory.apply(created(2), 1);
    const before = directory.all();
    directory.apply(deactivated(2), 2);
    expect(before[0]!.isActive).toBe(true);
    expect(directory.all()[0]!.isActive).toBe(false);
  });
});

describe("the directory's organization", () => {
  it('is none before the organization is created, then follows its events', () => {
    const directory = new UserDirectory();
    expect(directory.realm()).toBeNull();
    directory.applyRealm(realmCreated, 1);
    directory.applyRealm(realmRenamed('Renamed'), 2);
    expect(directory.realm()).toMatchObject({ realmId: 1, name: 'Renamed', version: 2 });
  });

  it('keeps a put state over an older event or put, and refuses an event beyond the next', () => {
    const directory = new UserDirectory();
    directory.applyRealm(realmCreated, 1);
    const renamed = { ...directory.realm()!, name: 'Put', version: 2 };
    directory.putRealm(renamed);
    directory.applyRealm(realmRenamed('Replayed'), 2);
    directory.putRealm({ ...renamed, name: 'Older', version: 1 });
    expect(directory.realm()).toMatchObject({ name: 'Put', version: 2 });
    expect(() => directory.applyRealm(realmRenamed('Skipped'), 4)).toThrow(/stands at #2/);
  });
});

describe('the user directory feed', () => {
  it('applies the user events of users.events and skips the other areas', () => {
    const directory = new UserDirectory();
    const feed = new UserDirectoryFeed(directory);
    [
      record(created(6), 'user:6', 1),
      record({ type: 'presence.changed.v1', data: { userId: 6, status: 'active', timestamp: 1 } }, 'presence:6', 1),
      record({ type: 'user_status.changed.v1', data: { userId: 6 } }, 'user_status:6', 1),
      record(deactivated(6), 'user:6', 2),
    ].forEach((envelope) => feed.apply(envelope));
    expect(directory.all()).toEqual([expect.objectContaining({ userId: 6, isActive: false, version: 2 })]);
  });

  it('applies the realm events of users.events to the organization', () => {
    const directory = new UserDirectory();
    const feed = new UserDirectoryFeed(directory);
    feed.apply(record(realmCreated, 'realm', 1));
    feed.apply(record(realmRenamed('Fed'), 'realm', 2));
    expect(directory.realm()).toMatchObject({ name: 'Fed', version: 2 });
  });
});
