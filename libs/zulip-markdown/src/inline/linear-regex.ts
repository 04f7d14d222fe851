import { setFlagsFromString } from 'node:v8';

/**
 * Linkifier patterns are written by administrators in RE2's syntax, and Zulip runs them with RE2,
 * in linear time. JavaScript's own engine backtracks (`(a+)+b` would stall the service). A pattern
 * is accepted only if V8's linear-time engine takes it (the `l` flag: RE2's kind of pattern, no `u`
 * flag, so the Unicode classes a pattern or Zulip's wrapping uses are spelled out as ranges). It
 * then runs on the backtracking engine, about three times faster on ordinary text, which V8 makes
 * hand a match over to the linear-time engine once it backtracks too much.
 */
let enabled = false;
const compiled = new Map<string, RegExp | null>();
/** Linkifiers are few; patterns changed leave their old forms here, so the cache is bounded. */
const MAX_COMPILED = 1_000;

export function compileLinkifier(source: string): RegExp | null {
  let regex = compiled.get(source);
  if (regex === undefined) {
    regex = compile(source);
    if (compiled.size >= MAX_COMPILED) compiled.clear();
    compiled.set(source, regex);
  }
  return regex;
}

function compile(source: string): RegExp | null {
  if (!enabled) {
    setFlagsFromString('--enable-experimental-regexp-engine');
    setFlagsFromString('--enable-experimental-regexp-engine-on-excessive-backtracks');
    enabled = true;
  }
  const translated = translate(source);
  if (translated === null) return null;
  try {
    new RegExp(translated, 'gl');
  } catch {
    return null; // not linear (or not valid): rendered without this linkifier
  }
  return new RegExp(translated, 'g');
}

/** The classes RE2 patterns write as `\pL`, `\pN`, `\pZ` (or `\p{L}`…), over the Basic Multilingual Plane. */
const CLASSES: Record<string, string> = {};
for (const name of ['L', 'N', 'Z']) CLASSES[name] = rangesOf(new RegExp(`\\p{${name}}`, 'u'));

function translate(source: string): string | null {
  if (/\(\?[imsU-]+[):]/u.test(source)) return null; // inline flags: JavaScript has none
  let out = '';
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const char = source[i]!;
    if (char === '\\') {
      const property = /^\\([pP])(?:\{(\w+)\}|(\w))/u.exec(source.slice(i));
      if (!property) {
        out += source.slice(i, i + 2);
        i++;
        continue;
      }
      const ranges = CLASSES[property[2] ?? property[3] ?? ''];
      // A negated class inside a class cannot be spelled out as ranges.
      if (ranges === undefined || (inClass && property[1] === 'P')) return null;
      out += inClass ? ranges : property[1] === 'P' ? `[^${ranges}]` : `[${ranges}]`;
      i += property[0].length - 1;
      continue;
    }
    if (char === '[' && !inClass) inClass = true;
    else if (char === ']' && inClass) inClass = false;
    out += char;
  }
  return out.replaceAll('(?P<', '(?<');
}

function rangesOf(test: RegExp): string {
  const parts: string[] = [];
  const hex = (c: number) => `\\u${c.toString(16).padStart(4, '0')}`;
  let start = -1;
  for (let c = 0; c <= 0x10000; c++) {
    const inside = c < 0x10000 && (c < 0xd800 || c > 0xdfff) && test.test(String.fromCharCode(c));
    if (inside && start < 0) start = c;
    if (!inside && start >= 0) {
      parts.push(start === c - 1 ? hex(start) : `${hex(start)}-${hex(c - 1)}`);
      start = -1;
    }
  }
  return parts.join('');
}
