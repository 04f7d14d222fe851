import { AtomicString, El } from '../tree/element';
import { escapeCode } from '../tree/escape-code';
import type { HtmlStash } from '../tree/html-stash';
import type { InlinePattern } from './engine';

/** A whole-text pattern: `^(prefix)PATTERN(suffix)$` over all lines. */
export const wholeText = (source: string): RegExp => new RegExp(`^([\\s\\S]*?)${source}([\\s\\S]*)$`, 'u');

/** Code spans; their text is escaped and never formatted. Zulip keeps their spaces. */
export const backtick: InlinePattern = {
  kind: 'search',
  regex: /(?:(?<!\\)((?:\\{2})+)(?=`+)|(?<!\\)(`+)(.+?)(?<!`)\2(?!`))/gsu,
  handle(m) {
    const end = m.index + m[0].length;
    if (m[3] !== undefined) return { node: El.of('code', {}, new AtomicString(escapeCode(m[3]))), start: m.index, end };
    return { node: m[1]!.replaceAll('\\\\', '\\'), start: m.index, end };
  },
};

/** A tag around the text between two delimiters (Python-Markdown's SimpleTagPattern). */
const tagged = (source: string, tag: string): InlinePattern => ({
  kind: 'whole',
  regex: wholeText(source),
  handle: (m) => El.of(tag, {}, m[2]!),
});

export const strongEmphasis: InlinePattern = {
  kind: 'whole',
  regex: wholeText('\\*\\*\\*(?!\\s+)([^\\*^\\n]+)(?<!\\s)\\*\\*\\*'),
  handle(m) {
    const strong = new El('strong');
    strong.sub('em').text = m[2]!;
    return strong;
  },
};
export const strong = tagged('\\*\\*([^\\n]+?)\\*\\*', 'strong');
export const emphasis = tagged('\\*(?!\\s+)([^\\*^\\n]+)(?<!\\s)\\*', 'em');
export const strikethrough = tagged('(?<!~)~~([^~\\n]+?)~~(?!~)', 'del');

/** A lone run of `*` or `_` between spaces stays text, out of reach of the patterns after it. */
export const notStrong: InlinePattern = {
  kind: 'search',
  regex: /((^|(?<=\s))(\*{1,3}|_{1,3})(?=\s|$))/gu,
  handle: (m) => ({ node: m[1]!, start: m.index, end: m.index + m[0].length }),
};

/** HTML entities pass through as written. */
export const entity = (stash: HtmlStash): InlinePattern => ({
  kind: 'search',
  regex: /(&(?:#[0-9]+|#x[0-9a-fA-F]+|[a-zA-Z0-9]+);)/gu,
  handle: (m) => ({ node: stash.store(m[1]!), start: m.index, end: m.index + m[0].length }),
});

/** Every newline of a paragraph is a line break (the nl2br extension). */
export const lineBreak: InlinePattern = {
  kind: 'search',
  regex: /\n/gu,
  handle: (m) => ({ node: new El('br'), start: m.index, end: m.index + 1 }),
};
