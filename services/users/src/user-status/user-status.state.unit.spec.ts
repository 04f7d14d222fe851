import { evolveUserStatus, NO_STATUS, userStatusView } from './user-status.state';

describe('user status state', () => {
  it('changes only the fields an event carries', () => {
    const withText = evolveUserStatus(null, { type: 'user_status.changed.v1', data: { userId: 4, statusText: 'away for lunch' } }, 1);
    const withEmoji = evolveUserStatus(
      withText,
      { type: 'user_status.changed.v1', data: { userId: 4, emojiName: 'car', emojiCode: '1f697', reactionType: 'unicode_emoji' } },
      2,
    );
    expect(withEmoji).toEqual({ ...NO_STATUS(4), statusText: 'away for lunch', emojiName: 'car', emojiCode: '1f697', version: 2 });
  });

  it('shows only what is set, as Zulip does', () => {
    expect(userStatusView(null)).toEqual({});
    expect(userStatusView(NO_STATUS(4))).toEqual({});
    expect(userStatusView({ ...NO_STATUS(4), away: true, statusText: 'x' })).toEqual({ away: true, status_text: 'x' });
  });
});
