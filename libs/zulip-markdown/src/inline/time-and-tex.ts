import { AtomicString, El } from '../tree/element';
import type { HtmlStash } from '../tree/html-stash';
import { renderTex } from '../tex';
import type { InlinePattern } from './engine';
import { wholeText } from './formatting';

/** `$$…$$` inside a line: KaTeX's HTML, or the TeX marked as an error when it does not parse. */
export function inlineTex(stash: HtmlStash): InlinePattern {
  return {
    kind: 'whole',
    regex: wholeText('\\B(?<!\\$)\\$\\$(?<body>[^\\n_$](\\\\\\$|[^$\\n])*)\\$\\$(?!\\$)\\B'),
    handle(m) {
      const body = m.groups!.body!;
      const html = renderTex(body, false);
      return html !== null ? stash.store(html) : El.of('span', { class: 'tex-error' }, new AtomicString(`$$${body}$$`));
    },
  };
}

const ORDINAL = /(\d)(st|nd|rd|th)\b/giu;
const HOUR = 3600;
/** Zone abbreviations people type, by their UTC offset in seconds (the ones Zulip reads; some are ambiguous). */
const ZONE_ABBREVIATIONS: ReadonlyMap<string, number> = new Map([
  ['SST', -11 * HOUR],
  ['HST', -10 * HOUR],
  ['AKST', -9 * HOUR],
  ['HDT', -9 * HOUR],
  ['AKDT', -8 * HOUR],
  ['PST', -8 * HOUR],
  ['MST', -7 * HOUR],
  ['PDT', -7 * HOUR],
  ['CST', -6 * HOUR],
  ['MDT', -6 * HOUR],
  ['CDT', -5 * HOUR],
  ['EST', -5 * HOUR],
  ['AST', -4 * HOUR],
  ['EDT', -4 * HOUR],
  ['NST', -3.5 * HOUR],
  ['ADT', -3 * HOUR],
  ['NDT', -2.5 * HOUR],
  ['GMT', 0],
  ['UTC', 0],
  ['WET', 0],
  ['BST', HOUR],
  ['CET', HOUR],
  ['MET', HOUR],
  ['WAT', HOUR],
  ['WEST', HOUR],
  ['CAT', 2 * HOUR],
  ['CEST', 2 * HOUR],
  ['EET', 2 * HOUR],
  ['MEST', 2 * HOUR],
  ['SAST', 2 * HOUR],
  ['EAT', 3 * HOUR],
  ['EEST', 3 * HOUR],
  ['IDT', 3 * HOUR],
  ['MSK', 3 * HOUR],
  ['PKT', 5 * HOUR],
  ['IST', 5.5 * HOUR],
  ['WIB', 7 * HOUR],
  ['AWST', 8 * HOUR],
  ['HKT', 8 * HOUR],
  ['WITA', 8 * HOUR],
  ['JST', 9 * HOUR],
  ['KST', 9 * HOUR],
  ['WIT', 9 * HOUR],
  ['ACST', 9.5 * HOUR],
  ['AEST', 10 * HOUR],
  ['ChST', 10 * HOUR],
  ['ACDT', 10.5 * HOUR],
  ['AEDT', 11 * HOUR],
  ['NZST', 12 * HOUR],
  ['NZDT', 13 * HOUR],
]);
const HAS_ZONE = /(?:Z|[+-]\d{2}:?\d{2}|\b(?:UTC|GMT))$/iu;

/**
 * A time as Zulip's `<time:…>` reads it: a Unix timestamp, ISO 8601, or a date in words
 * (`Jun 5th 2017, 10:30PM`); without a zone it is UTC. Zulip reads dates in words with Python's
 * dateutil, which takes more forms than this does.
 */
export function parseGlobalTime(text: string): Date | null {
  const trimmed = text.trim();
  if (/^-?\d+(\.\d+)?$/u.test(trimmed)) {
    const date = new Date(Number(trimmed) * 1000);
    return Number.isNaN(date.getTime()) ? null : date;
  }
  let words = trimmed
    .replace(ORDINAL, '$1')
    .replaceAll(',', ' ')
    .replace(/(\d)(am|pm)\b/giu, '$1 $2');
  const abbreviation = /\s([A-Za-z]{2,4})$/u.exec(words)?.[1];
  const offset = abbreviation !== undefined ? ZONE_ABBREVIATIONS.get(abbreviation) : undefined;
  if (offset !== undefined) words = `${words.slice(0, -abbreviation!.length)}UTC`;
  const zoned = HAS_ZONE.test(words) ? words : `${words}${/^\d{4}-\d{2}-\d{2}T/u.test(words) ? 'Z' : ' UTC'}`;
  const parsed = Date.parse(zoned);
  return Number.isNaN(parsed) ? null : new Date(parsed - (offset ?? 0) * 1000);
}

/** Python's `isoformat()` of a UTC time, with Zulip's `Z`: no fraction when it is zero. */
const isoTime = (date: Date): string =>
  date
    .toISOString()
    .replace('.000Z', 'Z')
    .replace(/\.(\d{3})Z$/u, '.$1000Z');

/** `<time:…>`: a time every reader sees in their own zone. */
export const globalTime: InlinePattern = {
  kind: 'whole',
  regex: wholeText('<time:(?<time>[^>]*?)>'),
  handle(m) {
    const raw = m.groups!.time!;
    const date = parseGlobalTime(raw);
    if (!date) return El.of('span', { class: 'timestamp-error' }, new AtomicString(`Invalid time format: ${raw}`));
    return El.of('time', { datetime: isoTime(date) }, new AtomicString(raw));
  },
};
