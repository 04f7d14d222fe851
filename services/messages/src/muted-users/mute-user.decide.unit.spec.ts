import { U } from '../testing/users.fixtures';
import { decideMuteUser, decideUnmuteUser, type MuteState } from './mute-user.decide';
import { evolveMutedUsers, mutedUsersView, mutedWhenSent, noMutedUsers } from './muted-users.state';

const now = new Date('2026-11-27T10:00:00.000Z');
const flags = { userId: U.member, version: 4, recordedThrough: 20, lastMessageId: 30, unrecorded: [25, 28] };
const given = (over: Partial<MuteState> = {}): MuteState => ({
  actorId: U.member,
  target: { userId: U.otherMember },
  muted: noMutedUsers(U.member),
  flags,
  unreadFromTarget: [],
  ...over,
});
const muted = (userId: number, fromMessageId: number) => ({ userId, mutedAt: 1, fromMessageId });

describe('muting a user', () => {
  it('mutes from the next message on', () => {
    expect(decideMuteUser(given({ flags: { ...flags, recordedThrough: 30, unrecorded: [] } }), now)).toEqual([
      {
        type: 'user.muted.v1',
        aggregateId: `muted_users:${U.member}`,
        sequence: 1,
        data: { userId: U.member, mutedUserId: U.otherMember, mutedAt: now.toISOString(), fromMessageId: 31 },
      },
    ]);
  });

  it("records the caller's unread messages, then marks those from the muted user read", () => {
    const events = decideMuteUser(given({ unreadFromTarget: [28, 12] }), now);
    expect(events.map((e) => e.type)).toEqual(['user.muted.v1', 'unread_messages.recorded.v1', 'message_flags.updated.v2']);
    expect(events[2]).toMatchObject({
      aggregateId: `flags:${U.member}`,
      sequence: 6,
      data: { flag: 'read', op: 'add', messageIds: [12, 28] },
    });
  });

  it('refuses the caller, an unknown user, and a user already muted, with Zulip’s messages', () => {
    expect(() => decideMuteUser(given({ target: { userId: U.member } }), now)).toThrow(
      expect.objectContaining({ code: 'BAD_REQUEST', msg: 'Cannot mute self' }),
    );
    expect(() => decideMuteUser(given({ target: undefined }), now)).toThrow(expect.objectContaining({ msg: 'No such user' }));
    const already = { ...noMutedUsers(U.member), muted: [muted(U.otherMember, 5)], version: 1 };
    expect(() => decideMuteUser(given({ muted: already }), now)).toThrow(expect.objectContaining({ msg: 'User already muted' }));
  });
});

describe('unmuting a user', () => {
  it('unmutes from the next message on', () => {
    const state = given({ muted: { ...noMutedUsers(U.member), muted: [muted(U.otherMember, 5)], version: 1 } });
    expect(decideUnmuteUser(state)).toEqual([
      {
        type: 'user.unmuted.v1',
        aggregateId: `muted_users:${U.member}`,
        sequence: 2,
        data: { userId: U.member, mutedUserId: U.otherMember, fromMessageId: 31 },
      },
    ]);
  });

  it('refuses a user not muted, and an unknown user', () => {
    expect(() => decideUnmuteUser(given())).toThrow(expect.objectContaining({ code: 'BAD_REQUEST', msg: 'User is not muted' }));
    expect(() => decideUnmuteUser(given({ target: undefined }))).toThrow(expect.objectContaining({ msg: 'No such user' }));
  });
});

describe('muted users state', () => {
  const mute = (mutedUserId: number, fromMessageId: number) => ({
    type: 'user.muted.v1' as const,
    data: { userId: U.member, mutedUserId, mutedAt: now.toISOString(), fromMessageId },
  });
  const unmute = (mutedUserId: number, fromMessageId: number) => ({
    type: 'user.unmuted.v1' as const,
    data: { userId: U.member, mutedUserId, fromMessageId },
  });

  it('lists the muted users in the order muted, with Zulip’s timestamp', () => {
    let state = evolveMutedUsers(noMutedUsers(U.member), mute(U.otherMember, 10), 1);
    state = evolveMutedUsers(state, mute(U.bot, 12), 2);
    expect(mutedUsersView(state)).toEqual([
      { id: U.otherMember, timestamp: now.getTime() / 1000 },
      { id: U.bot, timestamp: now.getTime() / 1000 },
    ]);
  });

  it('keeps messages sent while a sender was muted as muted after the unmute, and no others', () => {
    let state = evolveMutedUsers(noMutedUsers(U.member), mute(U.otherMember, 10), 1);
    state = evolveMutedUsers(state, unmute(U.otherMember, 20), 2);
    expect(mutedUsersView(state)).toEqual([]);
    expect([9, 10, 19, 20].map((id) => mutedWhenSent(state, U.otherMember, id))).toEqual([false, true, true, false]);
    expect(mutedWhenSent(state, U.bot, 15)).toBe(false);
  });
});
