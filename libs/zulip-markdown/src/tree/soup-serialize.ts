import { decodeHTML } from 'entities';

/**
 * Zulip re-serializes a whole message with BeautifulSoup (its `html.parser` builder and an XML
 * entity formatter) when it writes an uploaded image's thumbnail into it. The bytes change in
 * ways clients see: character references become characters (`&copy;` → ©, `&#39;` → '), an
 * unknown entity loses its semicolon (`&foo;` → `&amp;foo`), every `&`, `<` and `>` is escaped,
 * attribute names are lower-cased and sorted, an empty attribute is written bare, and a value
 * with double quotes is quoted with single ones. Rendering does the same for such messages.
 */
export function asBeautifulSoupWrites(html: string): string {
  const out: string[] = [];
  let at = 0;
  for (const tag of html.matchAll(TAG)) {
    out.push(escapeText(decodeText(html.slice(at, tag.index))));
    out.push(tag[1] === '/' ? `</${tag[2]!.toLowerCase()}>` : startTag(tag[2]!, tag[3]!));
    at = tag.index + tag[0].length;
  }
  out.push(escapeText(decodeText(html.slice(at))));
  return out.join('');
}

const TAG = /<(\/?)([A-Za-z][^\s/>]*)((?:\s+[^\s=/>]+(?:="[^"]*")?)*)\s*\/?>/g;
const ATTRIBUTE = /\s+([^\s=/>]+)(?:="([^"]*)")?/g;

function startTag(name: string, attributes: string): string {
  const attrs = [...attributes.matchAll(ATTRIBUTE)].map((m) => [m[1]!.toLowerCase(), decodeHTML(m[2] ?? '')] as const);
  attrs.sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0));
  return `<${name.toLowerCase()}${attrs.map(([key, value]) => (value === '' ? ` ${key}` : ` ${key}=${quoted(escapeText(value))}`)).join('')}>`;
}

/** BeautifulSoup's `quoted_attribute_value`. */
function quoted(value: string): string {
  if (!value.includes('"')) return `"${value}"`;
  if (!value.includes("'")) return `'${value}'`;
  return `"${value.replaceAll('"', '&quot;')}"`;
}

const escapeText = (text: string): string => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** Python's `html.parser` references in text: a name or number ended by any other character, `;` consumed. */
const REFERENCE = /&(?:#([0-9]+|[xX][0-9a-fA-F]+)(?=[^0-9a-fA-F]|$)|([a-zA-Z][-.a-zA-Z0-9]*)(?=[^a-zA-Z0-9]|$));?/g;

/** What BeautifulSoup makes of the references html.parser reports in text. */
function decodeText(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(REFERENCE, (_whole, number: string | undefined, name: string | undefined) => {
    if (number !== undefined)
      return characterOf(number.startsWith('x') || number.startsWith('X') ? parseInt(number.slice(1), 16) : parseInt(number, 10));
    const decoded = decodeHTML(`&${name};`);
    return decoded === `&${name};` ? `&${name}` : decoded;
  });
}

/** Windows-1252's characters for 0x80–0x9F, where BeautifulSoup reads a small number as that encoding. */
const WINDOWS_1252: Record<number, number> = {
  0x80: 0x20ac,
  0x82: 0x201a,
  0x83: 0x0192,
  0x84: 0x201e,
  0x85: 0x2026,
  0x86: 0x2020,
  0x87: 0x2021,
  0x88: 0x02c6,
  0x89: 0x2030,
  0x8a: 0x0160,
  0x8b: 0x2039,
  0x8c: 0x0152,
  0x8e: 0x017d,
  0x91: 0x2018,
  0x92: 0x2019,
  0x93: 0x201c,
  0x94: 0x201d,
  0x95: 0x2022,
  0x96: 0x2013,
  0x97: 0x2014,
  0x98: 0x02dc,
  0x99: 0x2122,
  0x9a: 0x0161,
  0x9b: 0x203a,
  0x9c: 0x0153,
  0x9e: 0x017e,
  0x9f: 0x0178,
};

function characterOf(code: number): string {
  const mapped = WINDOWS_1252[code] ?? code;
  return Number.isInteger(mapped) && mapped <= 0x10ffff ? String.fromCodePoint(mapped) : '\uFFFD';
}
