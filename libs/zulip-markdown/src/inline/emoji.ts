import { emojiCodeOfText, unicodeEmoji } from '@zulip-es/zulip-emoji';
import { AtomicString, El } from '../tree/element';
import type { RenderContext } from '../context';
import { wholeText } from './formatting';
import type { InlinePattern } from './engine';

/** Zulip's `make_emoji`: the emoji's own span, its name as typed shown to those without images. */
export function emojiSpan(code: string, syntax: string): El {
  const title = syntax.slice(1, -1).replaceAll('_', ' ');
  return El.of('span', { class: `emoji emoji-${code}`, title, role: 'img', 'aria-label': title }, new AtomicString(syntax));
}

const imageEmoji = (src: string, syntax: string): El =>
  El.of('img', { src, class: 'emoji', alt: syntax, title: syntax.slice(1, -1).replaceAll('_', ' ') });

/** The `zulip` emoji's image, where Zulip serves it. */
export const ZULIP_EMOJI_URL = '/static/generated/emoji/images/emoji/unicode/zulip.png';

/** `:name:`: a custom emoji first, then `zulip`, then Zulip's names; anything else stays as typed. */
export function emojiByName(context: RenderContext | null): InlinePattern {
  return {
    kind: 'whole',
    regex: wholeText(':[\\p{L}\\p{N}_\\-\\+]+:'),
    handle(m) {
      const syntax = m[0].slice(m[1]!.length, m[0].length - m[m.length - 1]!.length);
      const name = syntax.slice(1, -1);
      const custom = context?.customEmoji.get(name);
      if (custom !== undefined) return imageEmoji(custom, syntax);
      if (name === 'zulip') return imageEmoji(ZULIP_EMOJI_URL, syntax);
      const code = unicodeEmoji().nameToCode.get(name);
      return code !== undefined ? emojiSpan(code, syntax) : syntax;
    },
  };
}

/**
 * Zulip's EMOTICON_CONVERSIONS for the emoji names this server has (zulip-emoji-mapping 1.0.1,
 * where 1f642 is `smile`): Zulip's later names (`slight_smile`) came with a later name set.
 */
const EMOTICONS: ReadonlyMap<string, string> = new Map([
  [':)', ':smile:'],
  ['(:', ':smile:'],
  [':(', ':frown:'],
  ['<3', ':heart:'],
  [':|', ':neutral:'],
  [':/', ':confused:'],
  [';)', ':wink:'],
  [':D', ':grinning:'],
  [':o', ':open_mouth:'],
  [':O', ':open_mouth:'],
  [':p', ':stuck_out_tongue:'],
  [':P', ':stuck_out_tongue:'],
]);
const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const TERMINAL = `,.;?!()\\[\\] "'\\n\\t`;
const EMOTICON_SOURCE = `(?<![^${TERMINAL}])(?<emoticon>${[...EMOTICONS.keys()].map((e) => `(?:${escapeRegExp(e)})`).join('|')})(?![^${TERMINAL}])`;

/** Emoticons become emoji for senders who turned `translate_emoticons` on. */
export function emoticons(context: RenderContext | null): InlinePattern {
  return {
    kind: 'whole',
    regex: wholeText(EMOTICON_SOURCE),
    handle(m) {
      if (!context?.translateEmoticons) return null;
      const syntax = EMOTICONS.get(m.groups!.emoticon!)!;
      return emojiSpan(unicodeEmoji().nameToCode.get(syntax.slice(1, -1))!, syntax);
    },
  };
}

const EMOJI_PART = '\\p{Emoji}(?:\\p{Emoji_Modifier}|\\uFE0F\\u20E3?|[\\u{E0020}-\\u{E007E}]+\\u{E007F})?';
const POSSIBLE_EMOJI = new RegExp(`\\p{RI}\\p{RI}|${EMOJI_PART}(?:\\u200D(?:\\p{RI}\\p{RI}|${EMOJI_PART}))*`, 'gu');
/** Characters that are emoji only when asked (`↔`, digits, `#`, `©`), and keycaps of them. */
const TEXT_PRESENTATION = /^\P{Emoji_Presentation}\u20E3?$/u;

/** Emoji typed as characters get Zulip's emoji span, under their canonical name. */
export const unicodeEmojiCharacters: InlinePattern = {
  kind: 'search',
  regex: POSSIBLE_EMOJI,
  handle(m) {
    if (TEXT_PRESENTATION.test(m[0])) return null;
    const code = emojiCodeOfText(m[0]);
    const name = unicodeEmoji().codeToNames.get(code)?.[0];
    if (name === undefined) return null;
    return { node: emojiSpan(code, `:${name}:`), start: m.index, end: m.index + m[0].length };
  },
};
