import { LARGER_THAN_MAX_MESSAGE_ID, parseAnchor, postProcess, rangeQueries } from './message-window';

describe("Zulip's message window", () => {
  it('reads anchors as Zulip does: newest, oldest, first_unread (marked for the caller to find) and ids', () => {
    expect(parseAnchor('newest', false)).toEqual({ anchor: LARGER_THAN_MAX_MESSAGE_ID, anchoredToLeft: false, anchoredToRight: true });
    expect(parseAnchor('first_unread', false)).toEqual({ ...parseAnchor('newest', false), firstUnread: true });
    // The legacy flag wins over an anchor sent beside it (zulip-terminal sends both).
    expect(parseAnchor('0', true)).toEqual(parseAnchor('first_unread', false));
    expect(parseAnchor('oldest', false)).toEqual({ anchor: 0, anchoredToLeft: true, anchoredToRight: false });
    expect(parseAnchor('-4', false).anchor).toBe(0);
    expect(() => parseAnchor('soon', false)).toThrow(expect.objectContaining({ msg: 'Invalid anchor' }));
  });

  it('asks for one more after the anchor when both sides are wanted, and for the anchor alone with no sides', () => {
    const a = parseAnchor('10', false);
    expect(rangeQueries(a, 2, 3, true)).toEqual({ before: { atOrBelow: 9, limit: 2 }, after: { atOrAbove: 10, limit: 4 } });
    expect(rangeQueries(a, 0, 0, true)).toEqual({ before: null, after: { atOrAbove: 10, limit: 1 } });
    expect(rangeQueries(a, 0, 2, false)).toEqual({ before: null, after: { atOrAbove: 11, limit: 2 } });
  });

  it('sets found_oldest and found_newest only when fewer messages than asked exist on that side', () => {
    const a = parseAnchor('10', false);
    expect(postProcess([8, 9, 10, 11], a, 2, 2)).toEqual({ ids: [8, 9, 10, 11], foundAnchor: true, foundOldest: false, foundNewest: true });
    expect(postProcess([9, 11, 12, 13], a, 2, 2)).toEqual({ ids: [9, 11, 12], foundAnchor: false, foundOldest: true, foundNewest: false });
  });
});
