import { eventColor, pickColors, STREAM_ASSIGNMENT_COLORS } from './stream-color';

describe("Zulip's subscription colors", () => {
  it('gives new subscriptions the unused palette colors in channel id order', () => {
    expect(pickColors(['#76ce90'], [9, 3])).toEqual(
      new Map([
        [3, '#fae589'],
        [9, '#a6c7e5'],
      ]),
    );
  });

  it('reuses a color chosen by the channel id once the palette is used up', () => {
    expect(pickColors(STREAM_ASSIGNMENT_COLORS, [25]).get(25)).toBe(STREAM_ASSIGNMENT_COLORS[1]);
  });

  it('gives requested colors first and counts them as used', () => {
    expect(pickColors([], [4, 2], new Map([[4, '#76ce90']]))).toEqual(
      new Map([
        [4, '#76ce90'],
        [2, '#fae589'],
      ]),
    );
  });

  it('writes requested colors as events carry them, #rrggbb in lower case, when such a color exists', () => {
    expect(['#ABCDEF', '#abc', '#1234', '#12345'].map(eventColor)).toEqual(['#abcdef', '#aabbcc', undefined, undefined]);
  });
});
