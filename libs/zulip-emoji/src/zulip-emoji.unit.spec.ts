import { emojiByName, emojiCodeOfText, emojiDataFile, emojiRequestProblem, unicodeEmoji, type CustomEmojiById } from './index';

const none: CustomEmojiById = new Map();
const custom: CustomEmojiById = new Map([
  ['7', { id: '7', name: 'party_parrot', deactivated: false }],
  ['8', { id: '8', name: 'retired_parrot', deactivated: true }],
  ['9', { id: '9', name: 'smile', deactivated: false }],
]);

describe("Zulip's emoji names", () => {
  it('names Unicode emoji as Zulip does, canonical name first', () => {
    const { codeToNames, nameToCode } = unicodeEmoji();
    expect(codeToNames.get('1f44d')).toEqual(['+1', 'thumbs_up', 'like']);
    expect(codeToNames.get('2764')).toEqual(['heart', 'love', 'love_you']);
    // Zulip's own names, not emoji-datasource's short names (`smile` is 1f604 there).
    expect(nameToCode.get('smile')).toBe('1f642');
    expect(nameToCode.get('big_smile')).toBe('1f604');
    expect(codeToNames.size).toBeGreaterThan(1800);
  });

  it('serves the emoji data file as Zulip builds it', () => {
    const file = JSON.parse(emojiDataFile()) as { code_to_names: Record<string, string[]> };
    expect(Object.keys(file)).toEqual(['code_to_names']);
    expect(file.code_to_names['1f600']).toEqual(['grinning', 'happy']);
    expect(Object.keys(file.code_to_names)).toHaveLength(unicodeEmoji().codeToNames.size);
  });

  it('codes emoji text without the variation selector', () => {
    expect(emojiCodeOfText('❤️')).toBe('2764');
    expect(emojiCodeOfText('👍')).toBe('1f44d');
    expect(emojiCodeOfText('#️⃣')).toBe('0023-20e3');
  });

  it('finds a name among custom, Zulip and Unicode emoji, an active custom one first', () => {
    expect(emojiByName('smile', custom)).toEqual({ emojiCode: '9', reactionType: 'realm_emoji' });
    expect(emojiByName('smile', none)).toEqual({ emojiCode: '1f642', reactionType: 'unicode_emoji' });
    expect(emojiByName('zulip', none)).toEqual({ emojiCode: 'zulip', reactionType: 'zulip_extra_emoji' });
    expect(emojiByName('retired_parrot', custom)).toBeUndefined();
    expect(emojiByName('no_such_emoji', custom)).toBeUndefined();
  });

  it.each([
    ['thumbs_up', '1f44d', 'unicode_emoji', undefined],
    ['heart', '1f44d', 'unicode_emoji', 'Invalid emoji name.'],
    ['heart', 'ffff', 'unicode_emoji', 'Invalid emoji code.'],
    ['zulip', 'zulip', 'zulip_extra_emoji', undefined],
    ['octopus', 'zulip', 'zulip_extra_emoji', 'Invalid emoji name.'],
    ['zulip', 'octopus', 'zulip_extra_emoji', 'Invalid emoji code.'],
    ['party_parrot', '7', 'realm_emoji', undefined],
    ['parrot', '7', 'realm_emoji', 'Invalid custom emoji name.'],
    ['party_parrot', '70', 'realm_emoji', 'Invalid custom emoji.'],
    ['retired_parrot', '8', 'realm_emoji', 'This custom emoji has been deactivated.'],
    ['heart', '2764', 'image', 'Invalid emoji type.'],
  ])('checks %s / %s / %s as Zulip does', (name, code, type, problem) => {
    expect(emojiRequestProblem(name, code, type, custom)).toBe(problem);
  });
});
