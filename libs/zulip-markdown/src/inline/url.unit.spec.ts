import {
  WEB_LINK_PATTERN,
  encodeChannel,
  encodeHashComponent,
  expandUrlTemplate,
  parseLink,
  rewriteLocalLinksToRelative,
  sanitizeUrl,
} from './url';

describe('sanitizeUrl', () => {
  it('keeps http, https and ftp URLs as written', () => {
    expect(sanitizeUrl('https://zulip.example/help?x=1#top')).toBe('https://zulip.example/help?x=1#top');
    expect(sanitizeUrl('http://localhost:9991/x')).toBe('http://localhost:9991/x');
    expect(sanitizeUrl('ftp://files.example/a')).toBe('ftp://files.example/a');
  });

  it('lower-cases the scheme but not the rest', () => {
    expect(sanitizeUrl('HTTPS://Zulip.Example/Path')).toBe('https://Zulip.Example/Path');
    expect(sanitizeUrl('Geo:1,2')).toBe('geo:1,2');
  });

  it('drops an empty query and fragment, as urlunsplit does', () => {
    expect(sanitizeUrl('https://a.example/x?#')).toBe('https://a.example/x');
  });

  it('turns a scheme-less address with an @ into a mailto: link', () => {
    expect(sanitizeUrl('alice@example.org')).toBe('mailto:alice@example.org');
    expect(sanitizeUrl('mailto:bob@example.org?subject=Hi')).toBe('mailto:bob@example.org?subject=Hi');
  });

  it('keeps site-relative paths relative, escaping spaces', () => {
    expect(sanitizeUrl('/user_uploads/2/ab/file.pdf')).toBe('/user_uploads/2/ab/file.pdf');
    expect(sanitizeUrl('/help/a b')).toBe('/help/a%20b');
  });

  it('keeps a bare #fragment relative', () => {
    expect(sanitizeUrl('#narrow/channel/3-x')).toBe('#narrow/channel/3-x');
  });

  it('assumes http:// for a bare domain or a protocol-relative URL', () => {
    expect(sanitizeUrl('zulip.example/docs')).toBe('http://zulip.example/docs');
    expect(sanitizeUrl('//cdn.example/x')).toBe('http://cdn.example/x');
    expect(sanitizeUrl('a b.example')).toBe('http://a%20b.example');
  });

  it('refuses javascript:, vbscript: and data: URLs, whatever their case', () => {
    expect(sanitizeUrl('javascript:alert(1)')).toBeNull();
    expect(sanitizeUrl('JaVaScRiPt:alert(1)')).toBeNull();
    expect(sanitizeUrl('vbscript:x')).toBeNull();
    expect(sanitizeUrl('data:text/html;base64,PHA+')).toBeNull();
  });

  it('sees a scheme behind leading control characters, as Python strips them', () => {
    expect(sanitizeUrl('\tjavascript:x')).toBeNull();
    // A space is escaped first, so it hides the scheme and the whole becomes a host name.
    expect(sanitizeUrl(' javascript:x')).toBe('http://%20javascript:x');
  });

  it('reads a host:port without scheme as a scheme, and refuses it', () => {
    expect(sanitizeUrl('localhost:9991/x')).toBeNull();
  });

  it('allows the safelisted schemes such as tel:, and file:', () => {
    expect(sanitizeUrl('tel:+1-555-0100')).toBe('tel:+1-555-0100');
    expect(sanitizeUrl('file:///tmp/a')).toBe('file:///tmp/a');
  });

  it('gives an empty href for URLs that Python cannot split', () => {
    expect(sanitizeUrl('http://[oops/')).toBe('');
    expect(sanitizeUrl('http://[192.0.2.1]/')).toBe('');
    expect(sanitizeUrl('http://exa\u2100mple.com/')).toBe('');
    expect(sanitizeUrl('http://[2001:db8::7]:8080/')).toBe('http://[2001:db8::7]:8080/');
  });

  it('puts back the // of an http URL without host, as Python 3.11 does', () => {
    expect(sanitizeUrl('http:foo')).toBe('http:///foo');
  });
});

describe('rewriteLocalLinksToRelative', () => {
  const realm = 'https://chat.example.com';

  it('makes links into the web app relative', () => {
    expect(rewriteLocalLinksToRelative(realm, `${realm}/#narrow/channel/9-design`)).toBe('#narrow/channel/9-design');
  });

  it('makes links to uploaded files relative, without a leading slash', () => {
    expect(rewriteLocalLinksToRelative(realm, `${realm}/user_uploads/1/aa/x.png`)).toBe('user_uploads/1/aa/x.png');
  });

  it('leaves other pages of the realm and other sites alone', () => {
    expect(rewriteLocalLinksToRelative(realm, `${realm}/help/`)).toBe(`${realm}/help/`);
    expect(rewriteLocalLinksToRelative(realm, 'https://other.example.com/#narrow')).toBe('https://other.example.com/#narrow');
    expect(rewriteLocalLinksToRelative(realm, 'https://chat.example.com.evil/#x')).toBe('https://chat.example.com.evil/#x');
  });
});

describe('encodeHashComponent', () => {
  it('escapes spaces with a dot instead of a percent sign', () => {
    expect(encodeHashComponent('release plan')).toBe('release.20plan');
  });

  it('escapes literal dots so the encoding stays unambiguous', () => {
    expect(encodeHashComponent('v1.2')).toBe('v1.2E2');
  });

  it('encodes non-ASCII text as UTF-8 bytes', () => {
    expect(encodeHashComponent('café')).toBe('caf.C3.A9');
    expect(encodeHashComponent('日本')).toBe('.E6.97.A5.E6.9C.AC');
    expect(encodeHashComponent('🎉')).toBe('.F0.9F.8E.89');
  });

  it('escapes parentheses and the percent sign', () => {
    expect(encodeHashComponent('build (ci)')).toBe('build.20.28ci.29');
    expect(encodeHashComponent('100%')).toBe('100.25');
  });

  it("keeps the asterisk and Python's always-safe characters", () => {
    expect(encodeHashComponent('a*b')).toBe('a*b');
    expect(encodeHashComponent('x~y_z-w')).toBe('x~y_z-w');
    expect(encodeHashComponent("it's #1!")).toBe('it.27s.20.231.21');
  });
});

describe('encodeChannel', () => {
  it('prefixes the id and turns spaces into hyphens', () => {
    expect(encodeChannel(42, 'Design team')).toBe('42-Design-team');
    expect(encodeChannel(3, 'a  b')).toBe('3-a--b');
  });

  it('hash-encodes the rest of the name', () => {
    expect(encodeChannel(7, 'C# & .NET')).toBe('7-C.23-.26-.2ENET');
  });
});

describe('parseLink', () => {
  it('reads text, destination and the end of a plain link', () => {
    expect(parseLink('[docs](https://x.example/d)', 0)).toEqual({
      text: 'docs',
      href: 'https://x.example/d',
      title: null,
      end: 27,
    });
  });

  it('starts at the given [ and ends just after the )', () => {
    expect(parseLink('go [here](u) now', 3)).toEqual({ text: 'here', href: 'u', title: null, end: 12 });
  });

  it('reads titles in double or single quotes', () => {
    expect(parseLink('[a](u "The title")', 0)).toMatchObject({ href: 'u', title: 'The title', end: 18 });
    expect(parseLink("[a](u 'single')", 0)).toMatchObject({ href: 'u', title: 'single' });
    expect(parseLink('[a](u "it\'s") z', 0)).toMatchObject({ href: 'u', title: "it's", end: 13 });
    expect(parseLink('[a](u"t")', 0)).toMatchObject({ href: 'u', title: 't' });
    expect(parseLink('[a](u "t" )', 0)).toMatchObject({ href: 'u', title: 't', end: 11 });
  });

  it('turns each whitespace character of a title into a space', () => {
    expect(parseLink('[a](u "two\n\tlines")', 0)).toMatchObject({ title: 'two  lines' });
  });

  it('keeps balanced parentheses in the destination', () => {
    expect(parseLink('[w](https://en.example/wiki/A_(b)_(c))', 0)).toMatchObject({
      href: 'https://en.example/wiki/A_(b)_(c)',
      end: 38,
    });
  });

  it('counts nested brackets in the text', () => {
    expect(parseLink('[see [1] here](u)', 0)).toMatchObject({ text: 'see [1] here', href: 'u', end: 17 });
  });

  it('reads the <url> form, which may hold spaces', () => {
    expect(parseLink('[a](<https://x.example/with space> "T")', 0)).toEqual({
      text: 'a',
      href: 'https://x.example/with space',
      title: 'T',
      end: 39,
    });
    expect(parseLink('[a](<u>)', 0)).toMatchObject({ href: 'u', end: 8 });
  });

  it('falls back to the plain form when <url> is not followed by )', () => {
    expect(parseLink('[a](<u> bad)', 0)).toMatchObject({ href: '<u> bad', end: 12 });
  });

  it('strips whitespace around the destination', () => {
    expect(parseLink('[a](  u  )', 0)).toMatchObject({ href: 'u', end: 10 });
  });

  it('accepts empty text', () => {
    expect(parseLink('[](u)', 0)).toEqual({ text: '', href: 'u', title: null, end: 5 });
  });

  it('ends at the first ) when a quote never closes into a title', () => {
    expect(parseLink('[a](u "x) y)', 0)).toMatchObject({ href: 'u "x', title: null, end: 9 });
    expect(parseLink('[a](u "x) y', 0)).toMatchObject({ href: 'u "x', title: null, end: 9 });
  });

  it("continues before the last character where Python-Markdown's unclosed-title fallback yields index -1", () => {
    const data = '[a](b"((';
    expect(parseLink(data, 0)).toEqual({ text: 'a', href: 'b"', title: null, end: data.length - 1 });
  });

  it('finds no link without a closing ], without ( right after it, or with unbalanced parentheses', () => {
    expect(parseLink('[abc', 0)).toBeNull();
    expect(parseLink('[a[b](c)', 0)).toBeNull();
    expect(parseLink('[a] (u)', 0)).toBeNull();
    expect(parseLink('[a]u', 0)).toBeNull();
    expect(parseLink('[a](u(v)', 0)).toBeNull();
    expect(parseLink('x[a](u)', 0)).toBeNull();
  });
});

describe('WEB_LINK_PATTERN', () => {
  const pattern = new RegExp(WEB_LINK_PATTERN, 'gsu');

  /** Every URL found, scanning on after each one as Zulip's auto-linker does. */
  function links(text: string): string[] {
    const found: string[] = [];
    for (let from = 0; ;) {
      pattern.lastIndex = from;
      const match = pattern.exec(text);
      if (match === null) return found;
      const url = match.groups!['url']!;
      found.push(url);
      from = match.index + url.length;
    }
  }

  it('compiles with the v flag too', () => {
    expect(new RegExp(WEB_LINK_PATTERN, 'sv').exec('see example.com')?.groups?.['url']).toBe('example.com');
  });

  it('links URLs with a scheme, including ports and paths', () => {
    expect(links('see https://zulip.example/api')).toEqual(['https://zulip.example/api']);
    expect(links('http://localhost:9991/x')).toEqual(['http://localhost:9991/x']);
  });

  it('links bare domains that end in a known TLD, with or without a path', () => {
    expect(links('visit wiki.example.org today')).toEqual(['wiki.example.org']);
    expect(links('on docs.example.io/guide')).toEqual(['docs.example.io/guide']);
    expect(links('bücher.example.de')).toEqual(['bücher.example.de']);
  });

  it('does not link unknown TLDs, file extensions taken out of the TLD list, or upper-case TLDs', () => {
    expect(links('unknown tld example.notatld')).toEqual([]);
    expect(links('example.comx')).toEqual([]);
    expect(links('notes.md and script.py and a.zip')).toEqual([]);
    expect(links('upper case EXAMPLE.COM')).toEqual([]);
  });

  it('leaves trailing punctuation out of the link', () => {
    expect(links('ends: https://a.example.net/x.')).toEqual(['https://a.example.net/x']);
    expect(links('excited example.com!')).toEqual(['example.com']);
    expect(links('question example.com?')).toEqual(['example.com']);
    expect(links('example.co.')).toEqual(['example.co']);
    expect(links('see "https://q.example/x", ok')).toEqual(['https://q.example/x']);
  });

  it('does not link when other text follows the punctuation', () => {
    expect(links('a.example.com;b')).toEqual([]);
    expect(links('example.com/a"b')).toEqual([]);
  });

  it('keeps balanced parentheses and leaves a wrapping one out', () => {
    expect(links('https://en.example.org/wiki/Foo_(bar)')).toEqual(['https://en.example.org/wiki/Foo_(bar)']);
    expect(links('(https://en.example.org/wiki/Foo_(bar))')).toEqual(['https://en.example.org/wiki/Foo_(bar)']);
    expect(links('(wrapped https://b.example.com/path)')).toEqual(['https://b.example.com/path']);
    expect(links('https://x.example.com/a)b')).toEqual([]);
  });

  it('accepts parentheses nested seven deep but not eight', () => {
    const nested = (depth: number): string => `https://s.example/${'('.repeat(depth)}x${')'.repeat(depth)}`;
    expect(links(nested(7))).toEqual([nested(7)]);
    expect(links(nested(8))).toEqual([]);
  });

  it('links e-mail addresses, but not with a path', () => {
    expect(links('write to team@mail.example.com')).toEqual(['team@mail.example.com']);
    expect(links('x@y.com/path')).toEqual([]);
  });

  it('links bitcoin addresses but not file:// URLs', () => {
    expect(links('pay bitcoin:1BoatSLRHtKNngkdXEeobR76b53LETtpyT now')).toEqual(['bitcoin:1BoatSLRHtKNngkdXEeobR76b53LETtpyT']);
    expect(links('file:///etc/passwd')).toEqual([]);
  });

  it('allows a link after whitespace, ( " \' , : or <, but not after a letter', () => {
    expect(links('"example.com"')).toEqual(['example.com']);
    expect(links('<https://z.example>')).toEqual(['https://z.example']);
    expect(links('foo:example.com')).toEqual(['example.com']);
    expect(links('a,example.com')).toEqual(['example.com']);
    expect(links('xhttps://example.com')).toEqual([]);
  });

  it("uses Python's whitespace, in which U+0085 counts and U+FEFF does not", () => {
    expect(links('example.com\u0085next')).toEqual(['example.com']);
    expect(links('\ufeffexample.com')).toEqual([]);
  });

  it('finds every link in a text', () => {
    expect(links('a.example.com and https://b.example.com')).toEqual(['a.example.com', 'https://b.example.com']);
  });
});

describe('expandUrlTemplate', () => {
  it('replaces {name} with the value', () => {
    expect(expandUrlTemplate('https://trac.example.com/ticket/{id}', { id: '224' })).toBe('https://trac.example.com/ticket/224');
  });

  it('percent-encodes everything in a value but unreserved characters', () => {
    expect(expandUrlTemplate('https://ex.com/search?q={q}', { q: 'a b/c&d' })).toBe('https://ex.com/search?q=a%20b%2Fc%26d');
    expect(expandUrlTemplate('https://ex.com/u/{name}', { name: 'José' })).toBe('https://ex.com/u/Jos%C3%A9');
    expect(expandUrlTemplate('/p/{v}', { v: '%41' })).toBe('/p/%2541');
  });

  it('expands a missing or unmatched variable to nothing', () => {
    expect(expandUrlTemplate('/u/{a}/{b}', { a: '1', b: undefined })).toBe('/u/1/');
    expect(expandUrlTemplate('/u/{a}/{b}', { a: '1' })).toBe('/u/1/');
  });

  it("keeps the template's valid escapes and encodes a stray % or space", () => {
    expect(expandUrlTemplate('https://ex.com/100%/a%2Fb/{x}', { x: '1' })).toBe('https://ex.com/100%25/a%2Fb/1');
    expect(expandUrlTemplate('/my page/{v}', { v: 'x' })).toBe('/my%20page/x');
  });

  it('supports the other RFC 6570 operators and prefixes as the uri_template package does', () => {
    expect(expandUrlTemplate('/files{+path}', { path: '/a/b c' })).toBe('/files/a/b%20c');
    expect(expandUrlTemplate('/doc{#frag}', { frag: 'sec 1' })).toBe('/doc#sec%201');
    expect(expandUrlTemplate('/s{?q,lang}', { q: 'a b', lang: 'en' })).toBe('/s?q=a%20b&lang=en');
    expect(expandUrlTemplate('/x/{a:3}', { a: 'abcdef' })).toBe('/x/abc');
  });

  it('throws on templates that Zulip would not have accepted', () => {
    for (const template of ['https://ex.com/{id', '{!x}', 'a}b', '{}', '{a,,b}']) {
      expect(() => expandUrlTemplate(template, {})).toThrow(/Invalid URL template/);
    }
  });
});
