import { noMutedUsers, type MutedUsersState } from '../../muted-users/muted-users.state';
import { hasRead, hiddenByMuting } from './read-receipts';

const mutes = (userId: number, mutedId: number, fromMessageId = 0): MutedUsersState => ({
  ...noMutedUsers(userId),
  muted: [{ userId: mutedId, mutedAt: 0, fromMessageId }],
});
const flags = (userId: number, recordedThrough: number) => ({ userId, recordedThrough, version: 1 });
const message = { messageId: 100, senderId: 2 };

describe('read receipts', () => {
  it('counts a recorded message read unless it is in the unread list', async () => {
    expect(await hasRead({ userId: 3, flags: flags(3, 100), muted: noMutedUsers(3) }, message, async () => false)).toBe(true);
    expect(await hasRead({ userId: 3, flags: flags(3, 100), muted: noMutedUsers(3) }, message, async () => true)).toBe(false);
  });

  it('counts a message after what was recorded unread, unless its sender was muted when it was sent', async () => {
    const never = async () => fail('the unread list is not asked');
    expect(await hasRead({ userId: 3, flags: flags(3, 99), muted: noMutedUsers(3) }, message, never)).toBe(false);
    expect(await hasRead({ userId: 3, flags: null, muted: mutes(3, 2, 50) }, message, never)).toBe(true);
    expect(await hasRead({ userId: 3, flags: null, muted: mutes(3, 2, 101) }, message, never)).toBe(false);
  });

  it('hides those who muted the caller and those the caller muted', () => {
    expect(hiddenByMuting(mutes(3, 1), noMutedUsers(1))).toBe(true);
    expect(hiddenByMuting(noMutedUsers(3), mutes(1, 3))).toBe(true);
    expect(hiddenByMuting(mutes(3, 4), mutes(1, 5))).toBe(false);
  });
});
