import { checkChannelName, normalizeDescription } from './channel-name';

describe("Zulip's channel name rules", () => {
  it('accepts names up to 60 characters, counted in code points', () => {
    expect(() => checkChannelName('a'.repeat(60))).not.toThrow();
    expect(() => checkChannelName('😀'.repeat(60))).not.toThrow();
  });

  it.each([
    ['', "Channel name can't be empty."],
    ['   ', "Channel name can't be empty."],
    ['a'.repeat(61), 'Channel name too long (limit: 60 characters).'],
    ['abc\u0000', 'Invalid character in channel name, at position 4.'],
    ['ab\ncd', 'Invalid character in channel name, at position 3.'],
    ['abcd\uFFFE', 'Invalid character in channel name, at position 5.'],
  ])('refuses %j: %s', (name, msg) => {
    expect(() => checkChannelName(name)).toThrow(expect.objectContaining({ code: 'BAD_REQUEST', msg }));
  });

  it('replaces newlines in descriptions by spaces', () => {
    expect(normalizeDescription('one\ntwo')).toBe('one two');
    expect(normalizeDescription(undefined)).toBe('');
  });
});
