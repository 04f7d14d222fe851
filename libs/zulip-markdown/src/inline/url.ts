/**
 * URLs as Zulip's Markdown processor makes them: which links are safe, how local links are made relative,
 * how channel and topic names are put into narrow URLs, what the auto-linker recognises, how a
 * `[text](url "title")` destination is read, and how linkifier URL templates are expanded.
 *
 * The server is Python, so what matters here is Python's behaviour, not the WHATWG URL standard's:
 * `urllib.parse.urlsplit`/`urlunsplit`/`quote`, Python's Unicode `\s` and `\w`, Python-Markdown 3.x's
 * link parser and the `uri_template` package.
 */
import { IANA_TLDS } from './tlds';

// ---------------------------------------------------------------------------------------------------
// Python's notion of whitespace and word characters

/**
 * Python's `\s` (and `str.isspace`, used by `str.strip`) as a character-class body: JavaScript's `\s`
 * differs (it has U+FEFF and lacks U+001C–U+001F and U+0085), and that difference decides where a URL ends.
 */
const PY_SPACE = String.raw`\t\n\v\f\r\x1C-\x1F \x85\xA0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000`;

/** Python's Unicode `\w`: letters, numbers of every kind, and the underscore (no combining marks). */
const PY_WORD = String.raw`\p{L}\p{N}_`;

const LEADING_PY_SPACE = new RegExp(`^[${PY_SPACE}]+`, 'u');
const TRAILING_PY_SPACE = new RegExp(`[${PY_SPACE}]+$`, 'u');
const EACH_PY_SPACE = new RegExp(`[${PY_SPACE}]`, 'gu');

/** Python's `str.strip()`, whose whitespace is not `String.prototype.trim`'s. */
function pyStrip(s: string): string {
  return s.replace(LEADING_PY_SPACE, '').replace(TRAILING_PY_SPACE, '');
}

// ---------------------------------------------------------------------------------------------------
// Percent-encoding

const UTF8 = new TextEncoder();

/** `%XX` for each UTF-8 byte of one code point, upper-case hex as Python's `quote` and `uri_template` write it. */
function percentEncodeCodePoint(codePoint: string): string {
  let encoded = '';
  for (const byte of UTF8.encode(codePoint)) encoded += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  return encoded;
}

/** Python's `urllib.parse.quote(s, safe="*")`: letters, digits, `_.-~` and `*` stay, everything else is encoded. */
function quoteKeepingAsterisk(s: string): string {
  let quoted = '';
  for (const codePoint of s) quoted += /^[A-Za-z0-9_.\-~*]$/.test(codePoint) ? codePoint : percentEncodeCodePoint(codePoint);
  return quoted;
}

// ---------------------------------------------------------------------------------------------------
// Narrow-URL encoding (zerver/lib/url_encoding.py)

const HASH_REPLACEMENTS: Readonly<Record<string, string>> = { '%': '.', '(': '.28', ')': '.29', '.': '.2E' };

/**
 * Zulip's `encode_hash_component`: names in `#narrow/…` URLs use `.` instead of `%` as the escape
 * character, so that browsers and mail clients leave the fragment alone; literal dots are escaped to
 * keep that unambiguous. Lone surrogates, which Python refuses to encode, are encoded as U+FFFD here.
 */
export function encodeHashComponent(s: string): string {
  return Array.from(quoteKeepingAsterisk(s), (c) => HASH_REPLACEMENTS[c] ?? c).join('');
}

/** Zulip's `encode_channel`: the id keeps the link working after a rename, the name keeps it readable. */
export function encodeChannel(channelId: number, name: string): string {
  return `${channelId}-${encodeHashComponent(name.replaceAll(' ', '-'))}`;
}

// ---------------------------------------------------------------------------------------------------
// Python's urlsplit / urlunsplit

export interface UrlParts {
  readonly scheme: string;
  readonly netloc: string;
  readonly path: string;
  readonly query: string;
  readonly fragment: string;
}

/** Schemes after which `urlunsplit` writes `//` even when the netloc is empty (Python 3.11's `uses_netloc`). */
const USES_NETLOC = new Set([
  'ftp',
  'http',
  'gopher',
  'nntp',
  'telnet',
  'imap',
  'wais',
  'file',
  'mms',
  'https',
  'shttp',
  'snews',
  'prospero',
  'rtsp',
  'rtsps',
  'rtspu',
  'rsync',
  'svn',
  'svn+ssh',
  'sftp',
  'nfs',
  'git',
  'git+ssh',
  'ws',
  'wss',
]);

/**
 * Python's `urlsplit`, or null where it raises `ValueError` (unbalanced or invalid `[…]` hosts, hosts
 * that NFKC-normalise into URL delimiters). Python lower-cases the scheme, finds a netloc only after
 * `//`, and takes anything before the first `:` made of scheme characters as a scheme — so
 * `localhost:8000` has the scheme `localhost`.
 */
export function splitUrl(url: string): UrlParts | null {
  let rest = url.replace(/^[\x00-\x20]+/, '').replace(/[\t\r\n]/g, '');
  let scheme = '';
  const colon = rest.indexOf(':');
  if (colon > 0 && /^[A-Za-z][A-Za-z0-9+\-.]*$/.test(rest.slice(0, colon))) {
    scheme = rest.slice(0, colon).toLowerCase();
    rest = rest.slice(colon + 1);
  }
  let netloc = '';
  if (rest.startsWith('//')) {
    const hostEnd = rest.slice(2).search(/[/?#]/);
    const end = hostEnd === -1 ? rest.length : hostEnd + 2;
    netloc = rest.slice(2, end);
    rest = rest.slice(end);
    if (!hasValidBrackets(netloc)) return null;
  }
  const [beforeFragment, fragment] = splitOnce(rest, '#');
  const [path, query] = splitOnce(beforeFragment, '?');
  if (!survivesNfkc(netloc)) return null;
  return { scheme, netloc, path, query, fragment };
}

function splitOnce(s: string, separator: string): [string, string] {
  const at = s.indexOf(separator);
  return at === -1 ? [s, ''] : [s.slice(0, at), s.slice(at + separator.length)];
}

/** Python's `urlunsplit` (3.11/3.12.3): empty query and fragment are dropped, `//` comes back for netloc schemes. */
export function unsplitUrl({ scheme, netloc, path, query, fragment }: UrlParts): string {
  let url = path;
  if (netloc !== '' || (scheme !== '' && USES_NETLOC.has(scheme) && !url.startsWith('//'))) {
    if (url !== '' && !url.startsWith('/')) url = `/${url}`;
    url = `//${netloc}${url}`;
  }
  if (scheme !== '') url = `${scheme}:${url}`;
  if (query !== '') url += `?${query}`;
  if (fragment !== '') url += `#${fragment}`;
  return url;
}

/** Python's check that `[` and `]` come together in a netloc and enclose an IPv6 or IPvFuture address. */
function hasValidBrackets(netloc: string): boolean {
  const open = netloc.indexOf('[');
  const hasClose = netloc.includes(']');
  if (open === -1 || !hasClose) return open === -1 && !hasClose;
  const afterOpen = netloc.slice(open + 1);
  const close = afterOpen.indexOf(']');
  const host = close === -1 ? afterOpen : afterOpen.slice(0, close);
  return host.startsWith('v') ? /^v[0-9a-fA-F]+\..+$/s.test(host) : isIpv6Address(host);
}

/** Python's `_checknetloc`: a host like `a\u2100c` would turn into `a/c` when the browser normalises it. */
function survivesNfkc(netloc: string): boolean {
  if (!/[^\x00-\x7F]/.test(netloc)) return true;
  const stripped = netloc.replace(/[@:#?]/g, '');
  const normalized = stripped.normalize('NFKC');
  return normalized === stripped || !/[/?#@:]/.test(normalized);
}

/** Python's `ipaddress.IPv6Address` syntax (with an optional `%scope` and an IPv4 tail). */
function isIpv6Address(address: string): boolean {
  if (address.includes('/')) return false;
  const [addr, scope] = splitOnce(address, '%');
  if (address.includes('%') && (scope === '' || scope.includes('%'))) return false;
  const parts = addr.split(':');
  if (addr === '' || parts.length < 3) return false;
  if (parts[parts.length - 1]!.includes('.')) {
    if (!isIpv4Address(parts.pop()!)) return false;
    parts.push('0', '0');
  }
  return parts.length <= 9 && hasValidHextets(parts);
}

/** The `::` rules of Python's `IPv6Address._ip_int_from_string`, given the address split on `:`. */
function hasValidHextets(parts: readonly string[]): boolean {
  const inner = parts.slice(1, -1);
  const skips = inner.filter((part) => part === '').length;
  if (skips > 1) return false;
  const isHextet = (part: string): boolean => /^[0-9a-fA-F]{1,4}$/.test(part);
  if (skips === 0) return parts.length === 8 && parts.every(isHextet);
  const skipIndex = inner.indexOf('') + 1;
  let high = parts.slice(0, skipIndex);
  let low = parts.slice(skipIndex + 1);
  if (parts[0] === '') {
    if (high.length !== 1) return false;
    high = [];
  }
  if (parts[parts.length - 1] === '') {
    if (low.length !== 1) return false;
    low = [];
  }
  return high.length + low.length < 8 && [...high, ...low].every(isHextet);
}

/** Python's `ipaddress.IPv4Address` syntax: four decimal octets, no leading zeros. */
function isIpv4Address(address: string): boolean {
  const octets = address.split('.');
  return octets.length === 4 && octets.every((octet) => /^(?:0|[1-9][0-9]{0,2})$/.test(octet) && Number(octet) <= 255);
}

// ---------------------------------------------------------------------------------------------------
// sanitize_url and rewrite_local_links_to_relative (zerver/lib/markdown/__init__.py)

/** Zulip's `allowed_schemes`: web and file transfer, plus the HTML standard's safelisted schemes. */
const ALLOWED_SCHEMES = new Set([
  'http',
  'https',
  'ftp',
  'file',
  'bitcoin',
  'geo',
  'im',
  'irc',
  'ircs',
  'magnet',
  'mailto',
  'matrix',
  'mms',
  'news',
  'nntp',
  'openpgp4fpr',
  'sip',
  'sms',
  'smsto',
  'ssh',
  'tel',
  'urn',
  'webcal',
  'wtai',
  'xmpp',
]);

/**
 * Zulip's `sanitize_url`: null for a URL that must stay text (a scheme outside an allow-list, so no
 * `javascript:` or `data:`), `''` for one so malformed that Python cannot split it. Scheme-less URLs
 * become `mailto:` when they hold an `@` and `http://` otherwise, except site-relative paths and bare
 * `#fragments`, which stay relative.
 */
export function sanitizeUrl(url: string): string | null {
  const parts = splitUrl(url.replaceAll(' ', '%20'));
  if (parts === null) return '';
  let scheme = parts.scheme;
  if (scheme === '' && parts.netloc === '') {
    if (parts.path.includes('@')) scheme = 'mailto';
    else if (parts.path.startsWith('/')) return unsplitUrl(parts);
    else if (parts.path === '' && parts.query === '' && parts.fragment !== '') return unsplitUrl(parts);
  }
  // The netloc of a scheme-less URL has to be found again, so Zulip re-parses rather than prefixing.
  if (scheme === '') return sanitizeUrl(`http://${url}`);
  if (!ALLOWED_SCHEMES.has(scheme)) return null;
  return unsplitUrl({ ...parts, scheme });
}

/**
 * Zulip's `rewrite_local_links_to_relative`: links into this realm's web app and uploads become
 * relative (`#narrow/…`, `user_uploads/…`, no leading slash) so that they open in the current window
 * and survive a change of the realm's address.
 */
export function rewriteLocalLinksToRelative(realmUrl: string, href: string): string {
  const prefix = `${realmUrl}/`;
  return href.startsWith(`${prefix}#`) || href.startsWith(`${prefix}user_uploads/`) ? href.slice(prefix.length) : href;
}

// ---------------------------------------------------------------------------------------------------
// Auto-link pattern (get_web_link_regex)

/** File extensions that are also TLDs, left out so that `readme.md` or `views.py` are not linked. */
const TLD_FALSE_POSITIVES = new Set(['java', 'md', 'mov', 'py', 'zip']);

/**
 * Longest first, as Zulip sorts them: the alternation takes the first TLD that fits, so `example.com`
 * must try `com` before `co`. Ties are ordered alphabetically (they cannot both match at one place).
 */
function tldAlternation(): string {
  const length = (tld: string): number => [...tld].length;
  return IANA_TLDS.filter((tld) => !TLD_FALSE_POSITIVES.has(tld))
    .sort((a, b) => length(b) - length(a) || (a < b ? -1 : a > b ? 1 : 0))
    .join('|');
}

/** A path character: anything up to whitespace, a double quote or a parenthesis. */
const PATH_CHAR = `[^${PY_SPACE}\\(\\)"]`;

/**
 * Python's `re` has no recursion, so Zulip nests a "text, then balanced `( … )` groups" chunk seven
 * times into itself: paths may hold parentheses seven deep, and an unbalanced `)` ends the URL.
 */
function nestedParenChunk(): string {
  let chunk = `${PATH_CHAR}*`;
  for (let level = 0; level < 7; level++) chunk = `${PATH_CHAR}*?(?:\\(${chunk}\\)${PATH_CHAR}*?)*`;
  return chunk;
}

function webLinkPattern(): string {
  const precededByBoundary = `(?<![^${PY_SPACE}'"\\(,:<])`;
  const host = `(?:https?://[${PY_WORD}.:@\\-]+?|(?:[${PY_WORD}\\-]+\\.)+(?:${tldAlternation()}))`;
  const webUrl = `(?:${host}(?:/${nestedParenChunk()})?)`;
  const email = `(?:[${PY_WORD}.\\-]+@[${PY_WORD}.\\-]+\\.[${PY_WORD}]+)`;
  const bitcoin = '(?:bitcoin:[13][a-km-zA-HJ-NP-Z1-9]{25,34})';
  const followedByBoundary = `(?=[!:;?\\),.'">]*(?:$|[${PY_SPACE}]))`;
  return `${precededByBoundary}(?<url>${webUrl}|${email}|${bitcoin})${followedByBoundary}`;
}

/**
 * Zulip's auto-link pattern (`get_web_link_regex`, without file:// links), as a source for
 * `new RegExp(WEB_LINK_PATTERN, 'su')` (or `'sv'`); the URL is the group `url`. A URL must start the
 * text or follow whitespace or one of `'"(,:<`, and be followed only by trailing punctuation and then
 * whitespace or the end: this is how sentence punctuation and wrapping parentheses stay out of links.
 */
export const WEB_LINK_PATTERN: string = webLinkPattern();

// ---------------------------------------------------------------------------------------------------
// Markdown link destinations (Python-Markdown 3.x LinkInlineProcessor.getText / getLink)

export interface ParsedLink {
  readonly text: string;
  readonly href: string;
  readonly title: string | null;
  readonly end: number;
}

/**
 * Python-Markdown's `[text](href "title")` reading, for the `[` at `start`: nested brackets are
 * counted in the text, parentheses in the destination, and a quoted title is recognised only where it
 * closes right before the final `)`. Like Python-Markdown's, the result is not unescaped (the caller
 * restores its stash placeholders) and `href` is not sanitized. Whether a `!` before the `[` makes it
 * an image is the caller's pattern's business.
 *
 * When an unclosed title made Python-Markdown give up on the parentheses without finding a fallback
 * end, it returns the index -1 and goes on with the text's last character; `end` is then
 * `data.length - 1`, reproducing that.
 */
export function parseLink(data: string, start: number): ParsedLink | null {
  if (data[start] !== '[') return null;
  const text = readBracketedText(data, start + 1);
  if (text === null) return null;
  const destination = readDestination(data, text.end);
  return destination === null ? null : { text: text.text, ...destination };
}

/** `getText`: the text up to the `]` that balances the opening `[`. */
function readBracketedText(data: string, from: number): { text: string; end: number } | null {
  let depth = 1;
  for (let index = from; index < data.length; index++) {
    if (data[index] === ']') depth--;
    else if (data[index] === '[') depth++;
    if (depth === 0) return { text: data.slice(from, index), end: index + 1 };
  }
  return null;
}

/** `RE_LINK`: the `(`, and a complete `<href> "title")` when that form is used. */
const LINK_OPENING = new RegExp(`\\([${PY_SPACE}]*(?:(<[^<>]*>)[${PY_SPACE}]*(?:('[^']*'|"[^"]*")[${PY_SPACE}]*)?\\))?`, 'uy');

type Destination = Omit<ParsedLink, 'text'>;

function readDestination(data: string, from: number): Destination | null {
  LINK_OPENING.lastIndex = from;
  const opening = LINK_OPENING.exec(data);
  if (opening === null) return null;
  const [whole, angleHref, angleTitle] = opening;
  if (angleHref !== undefined) {
    return finishDestination(angleHref.slice(1, -1), angleTitle?.slice(1, -1) ?? null, from + whole.length);
  }
  return scanParenthesizedDestination(data, from + whole.length);
}

/** `getLink`'s final clean-up: stripped href; title stripped, unquoted, each whitespace character a space. */
function finishDestination(href: string, title: string | null, end: number): Destination {
  return {
    href: pyStrip(href),
    title: title === null ? null : dequote(pyStrip(title)).replace(EACH_PY_SPACE, ' '),
    end,
  };
}

/** Python-Markdown's `util.dequote`. */
function dequote(s: string): string {
  const quoted = (s.startsWith('"') && s.endsWith('"')) || (s.startsWith("'") && s.endsWith("'"));
  return quoted ? s.slice(1, -1) : s;
}

/** Where a quote that might open a title was seen, and where it might have closed. */
interface QuoteTrack {
  quote: string | null;
  start: number;
  exit: number;
}

/**
 * `getLink`'s scan of a destination without `<…>`, a faithful port of its state machine: parentheses
 * are counted until a quote is seen; from then on the text may be a title, so parentheses only count
 * towards a fallback end, used if the title turns out not to close before a `)`.
 */
function scanParenthesizedDestination(data: string, startIndex: number): Destination | null {
  let bracketCount = 1;
  let backtrackCount = 1;
  let lastBracket = -1;
  let ignoreMatches = false;
  const primary: QuoteTrack = { quote: null, start: -1, exit: -1 };
  const secondary: QuoteTrack = { quote: null, start: -1, exit: -1 };
  let last = '';
  for (let index = startIndex; index < data.length; index++) {
    const c = data[index]!;
    if (c === '(') {
      if (!ignoreMatches) bracketCount++;
      else if (backtrackCount > 0) backtrackCount--;
    } else if (c === ')') {
      if ((primary.exit !== -1 && primary.quote === last) || (secondary.exit !== -1 && secondary.quote === last)) {
        bracketCount = 0;
      } else if (!ignoreMatches) {
        bracketCount--;
      } else if (backtrackCount > 0) {
        backtrackCount--;
        if (backtrackCount === 0) lastBracket = index + 1;
      }
    } else if (c === "'" || c === '"') {
      if (primary.quote === null) {
        ignoreMatches = true;
        backtrackCount = bracketCount;
        bracketCount = 1;
        primary.start = index + 1;
        primary.quote = c;
      } else if (c !== primary.quote && secondary.quote === null) {
        secondary.start = index + 1;
        secondary.quote = c;
      } else if (c === primary.quote) {
        primary.exit = index + 1;
      } else if (c === secondary.quote) {
        secondary.exit = index + 1;
      }
    }
    if (bracketCount === 0) return closedDestination(data, startIndex, index + 1, last, primary, secondary);
    if (c !== ' ') last = c;
  }
  if (backtrackCount !== 0) return null;
  const end = lastBracket === -1 ? data.length - 1 : lastBracket;
  return finishDestination(data.slice(startIndex, lastBracket - 1), null, end);
}

/** The destination once its `)` is found: a title only if a quote closed right before that `)`. */
function closedDestination(
  data: string,
  startIndex: number,
  end: number,
  last: string,
  primary: QuoteTrack,
  secondary: QuoteTrack,
): Destination {
  for (const track of [primary, secondary]) {
    if (track.exit >= 0 && track.quote === last) {
      return finishDestination(data.slice(startIndex, track.start - 1), data.slice(track.start, track.exit - 1), end);
    }
  }
  return finishDestination(data.slice(startIndex, end - 1), null, end);
}

// ---------------------------------------------------------------------------------------------------
// Linkifier URL templates (the `uri_template` package, RFC 6570)

const UNRESERVED = String.raw`A-Za-z0-9\-._~`;
const RESERVED = String.raw`:/?#\[\]@!$&'()*+,;=`;
const UNRESERVED_CHAR = new RegExp(`^[${UNRESERVED}]$`);
const URI_CHAR = new RegExp(`^[${UNRESERVED}${RESERVED}]$`);

/** How one kind of `{…}` expression writes its variables (RFC 6570 §3.2, as `uri_template` 1.3 does it). */
interface Operator {
  readonly prefix: string;
  readonly joiner: string;
  readonly allowReserved: boolean;
  readonly naming: 'none' | 'path' | 'form';
}

const OPERATORS: Readonly<Record<string, Operator>> = {
  '': { prefix: '', joiner: ',', allowReserved: false, naming: 'none' },
  '+': { prefix: '', joiner: ',', allowReserved: true, naming: 'none' },
  '#': { prefix: '#', joiner: ',', allowReserved: true, naming: 'none' },
  '.': { prefix: '.', joiner: '.', allowReserved: false, naming: 'none' },
  '/': { prefix: '/', joiner: '/', allowReserved: false, naming: 'none' },
  ';': { prefix: ';', joiner: ';', allowReserved: false, naming: 'path' },
  '?': { prefix: '?', joiner: '&', allowReserved: false, naming: 'form' },
  '&': { prefix: '&', joiner: '&', allowReserved: false, naming: 'form' },
  ',': { prefix: ',', joiner: ',', allowReserved: false, naming: 'none' },
  ',+': { prefix: ',', joiner: ',', allowReserved: true, naming: 'none' },
};

interface TemplateVariable {
  readonly name: string;
  readonly key: string;
  readonly maxLength: number;
  readonly explode: boolean;
  readonly defaultValue: string | undefined;
}

class InvalidUrlTemplateError extends Error {
  constructor(template: string, part: string) {
    super(`Invalid URL template ${JSON.stringify(template)}: bad part ${JSON.stringify(part)}`);
    this.name = 'InvalidUrlTemplateError';
  }
}

/**
 * A linkifier's URL for one match, as Zulip's `uri_template.URITemplate(template).expand(**groups)`
 * makes it: a `{name}` becomes the group's value percent-encoded (only unreserved characters kept),
 * an unmatched (undefined) group expands to nothing, and the template's own text is kept except for
 * characters that cannot appear in a URL (a `%` not starting `%XX`, spaces, non-ASCII), which are
 * percent-encoded. The other RFC 6570 operators (`{+x}`, `{#x}`, `{/x}`, `{?x}`…) and modifiers
 * (`{x:3}`, `{x*}`) work as in that package. Zulip refuses to store a template the package cannot
 * parse, so such a template throws here.
 */
export function expandUrlTemplate(template: string, values: Readonly<Record<string, string | undefined>>): string {
  return template
    .split(/(\{[^}]*\})/)
    .map((part) => expandTemplatePart(template, part, values))
    .join('');
}

function expandTemplatePart(template: string, part: string, values: Readonly<Record<string, string | undefined>>): string {
  if (part === '') return '';
  if (part.length >= 2 && part.startsWith('{') && part.endsWith('}')) {
    return expandExpression(template, part, values);
  }
  if (part.includes('{') || part.includes('}')) throw new InvalidUrlTemplateError(template, part);
  return encodeTemplateText(part, true, true);
}

function expandExpression(template: string, part: string, values: Readonly<Record<string, string | undefined>>): string {
  const expression = part.slice(1, -1);
  const operatorName = expressionOperator(expression);
  if (operatorName === null) throw new InvalidUrlTemplateError(template, part);
  const operator = OPERATORS[operatorName]!;
  let variableList = expression.slice(operatorName.length);
  let trailingJoiner = '';
  if (variableList !== '' && ',./;&'.includes(variableList.slice(-1))) {
    trailingJoiner = variableList.slice(-1);
    variableList = variableList.slice(0, -1);
  }
  const variables = variableList.split(',').map((spec) => parseTemplateVariable(spec));
  if (variables.includes(null)) throw new InvalidUrlTemplateError(template, part);
  const expanded = variables
    .map((variable) => expandVariable(operator, variable!, values))
    .filter((value): value is string => value !== null);
  if (expanded.length === 0) return '';
  return (trailingJoiner === '' ? operator.prefix : '') + expanded.join(operator.joiner) + trailingJoiner;
}

/** The operator of an expression, recognised as `uri_template` does; null for reserved or unknown ones. */
function expressionOperator(expression: string): string | null {
  // Python's `.*$` stops at a newline but may end before a final one.
  if (/^(?:[a-zA-Z0-9_]|%[0-9a-fA-F]{2})[^\n]*\n?$/.test(expression)) return '';
  if (expression.startsWith(',+')) return ',+';
  const first = expression.slice(0, 1);
  return first !== '' && '+#./;?&,'.includes(first) ? first : null;
}

/** `uri_template.Variable`: `name`, `name=default`, `name:3`, `name*`, `name[]`, `name/key`; null when invalid. */
function parseTemplateVariable(varSpec: string): TemplateVariable | null {
  if (varSpec === '' || !/^[A-Za-z0-9_]/.test(varSpec)) return null;
  let spec = varSpec;
  let defaultValue: string | undefined;
  if (spec.includes('=')) [spec, defaultValue] = splitOnce(spec, '=');
  let maxLength = 0;
  let explode = false;
  if (spec.includes(':')) {
    const [head, length] = splitOnce(spec, ':');
    if (!/^[0-9]{1,3}$/.test(length) || Number(length) === 0) return null;
    spec = head;
    maxLength = Number(length);
  } else if (spec.endsWith('*')) {
    spec = spec.slice(0, -1);
    explode = true;
  } else if (spec.endsWith('[]')) {
    spec = spec.slice(0, -2);
    explode = true;
  }
  const names = parseVariableNames(spec);
  return names === null ? null : { ...names, maxLength, explode, defaultValue };
}

/** The `name/key` part of a variable: `key` is looked up, `name` is written (for `;`, `?` and `&`). */
function parseVariableNames(spec: string): { name: string; key: string } | null {
  const tokens = spec.match(/%[0-9a-fA-F]{2}|[\s\S]/gu) ?? [];
  let name = '';
  let key = '';
  for (const token of tokens) {
    if (token === '/') {
      name = key;
      key = '';
    } else if (token.length === 3 || /^[A-Za-z0-9_.]$/.test(token)) {
      key += token;
    } else {
      return null;
    }
  }
  return { name: name || key, key: key || name };
}

function expandVariable(
  operator: Operator,
  variable: TemplateVariable,
  values: Readonly<Record<string, string | undefined>>,
): string | null {
  const value = Object.hasOwn(values, variable.key) ? values[variable.key] : variable.defaultValue;
  if (value === undefined) return null;
  const truncated = variable.maxLength > 0 ? [...value].slice(0, variable.maxLength).join('') : value;
  const encoded = encodeTemplateText(truncated, operator.allowReserved, operator.allowReserved);
  if (operator.naming === 'form' || (operator.naming === 'path' && (variable.explode || encoded !== ''))) {
    return `${variable.name}=${encoded}`;
  }
  return operator.naming === 'path' ? variable.name : encoded;
}

/**
 * `uri_template`'s encoder: unreserved characters (and reserved ones when allowed) stay, `%XX` stays
 * when existing escapes are kept, and everything else is percent-encoded as UTF-8.
 */
function encodeTemplateText(text: string, allowReserved: boolean, keepEscapes: boolean): string {
  const legal = allowReserved ? URI_CHAR : UNRESERVED_CHAR;
  const codePoints = [...text];
  let encoded = '';
  for (let index = 0; index < codePoints.length; index++) {
    const c = codePoints[index]!;
    const escape = codePoints.slice(index, index + 3).join('');
    if (legal.test(c)) {
      encoded += c;
    } else if (keepEscapes && /^%[0-9A-Fa-f]{2}$/.test(escape)) {
      encoded += escape;
      index += 2;
    } else {
      encoded += percentEncodeCodePoint(c);
    }
  }
  return encoded;
}
