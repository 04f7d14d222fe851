import { pickColors, STREAM_ASSIGNMENT_COLORS } from './stream-color';

describe("Zulip's subscription colors", () => {
  it('gives new subscriptions the unused palette colors in channel id order', () => {
    expect(pickColors(['#76ce90'], [9, 3])).toEqual(new Map([[3, '#fae589'], [9, '#a6c7e5']]));
  });

  it('reuses a color chosen by the channel id once the palette is used up', () => {
    expect(pickColors(STREAM_ASSIGNMENT_COLORS, [25]).get(25)).toBe(STREAM_ASSIGNMENT_COLORS[1]);
  });
});
