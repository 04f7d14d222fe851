import { buildUnicodeEmoji, emojiCodeOf, unicodeEmoji } from './unicode-emoji';

describe('unicode emoji from emoji-datasource', () => {
  it('maps names to the codes Zulip stores', () => {
    const { nameToCode, codes } = unicodeEmoji();
    expect(nameToCode.get('car')).toBe('1f697');
    expect(nameToCode.get('+1')).toBe('1f44d');
    expect(nameToCode.get('heart')).toBe('2764');
    expect(codes.has('1f697')).toBe(true);
    expect(codes.size).toBeGreaterThan(1500);
  });

  it('drops the variation selector and lower-cases', () => {
    expect(emojiCodeOf('0023-FE0F-20E3')).toBe('0023-20e3');
  });

  it('leaves out emoji without a Google image', () => {
    const built = buildUnicodeEmoji([{ unified: '1F600', short_names: ['grinning'], has_img_google: false }]);
    expect(built.nameToCode.size).toBe(0);
  });
});
