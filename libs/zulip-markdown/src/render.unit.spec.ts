import { renderMarkdown } from './render';
import { MAX_RENDERED_LENGTH, RenderingError } from './rendering-error';
import type { MentionableUser, RenderContext } from './context';

const ada: MentionableUser = { id: 11, fullName: 'Ada Lovelace', isActive: true };
const grace: MentionableUser = { id: 12, fullName: 'Grace, the Admiral', isActive: true };
const gone: MentionableUser = { id: 13, fullName: 'Old Timer', isActive: false };
const users = [ada, grace, gone];

const org = (overrides: Partial<RenderContext> = {}): RenderContext => ({
  realmUrl: 'https://chat.example.org',
  userByName: (name) => users.find((u) => u.fullName.toLowerCase() === name.toLowerCase()),
  userById: (id) => users.find((u) => u.id === id),
  groupByName: (name) =>
    ({
      design: { id: 31, displayName: 'design', deactivated: false },
      'role:administrators': { id: 4, displayName: 'Administrators', deactivated: false },
      retired: { id: 32, displayName: 'retired', deactivated: true },
    })[name.toLowerCase()],
  channelIdByName: (name) => ({ general: 5, 'Q&A #1': 6 })[name],
  topicNewestMessage: (channelId, topic) => (channelId === 5 && topic === 'lunch' ? 77 : undefined),
  linkifiers: [{ pattern: '#(?P<id>[0-9]{2,8})', urlTemplate: 'https://tracker.example.org/issue/{id}' }],
  customEmoji: new Map([['party_parrot', '/user_avatars/2/emoji/images/abc.gif']]),
  translateEmoticons: false,
  defaultCodeBlockLanguage: '',
  emptyTopicName: 'general chat',
  ...overrides,
});
const render = (content: string, context: RenderContext | null = org()) => renderMarkdown(content, context);

describe('Zulip Markdown: text', () => {
  it.each([
    ['', ''],
    ['plain words', '<p>plain words</p>'],
    ['**bold** *italic* ~~gone~~ `code`', '<p><strong>bold</strong> <em>italic</em> <del>gone</del> <code>code</code></p>'],
    ['_not italic_ __not bold__', '<p>_not italic_ __not bold__</p>'],
    ['line one\nline two', '<p>line one<br>\nline two</p>'],
    ['<script>alert(1)</script> & &amp; &copy;', '<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp; &amp; &copy;</p>'],
    ['`<b>` keeps its spaces: ` x `', '<p><code>&lt;b&gt;</code> keeps its spaces: <code> x </code></p>'],
    ['# Title\ntext', '<h1>Title</h1>\n<p>text</p>'],
    ['#no heading', '<p>#no heading</p>'],
    ['a\n\n---\n\nb', '<p>a</p>\n<hr>\n<p>b</p>'],
  ])('renders %j', (input, html) => {
    expect(render(input)).toBe(html);
  });
});

describe('Zulip Markdown: blocks', () => {
  it('renders lists, also right under a line of text, with two-space nesting', () => {
    expect(render('Shopping:\n* milk\n  * oat\n* bread')).toBe(
      '<p>Shopping:</p>\n<ul>\n<li>milk<ul>\n<li>oat</li>\n</ul>\n</li>\n<li>bread</li>\n</ul>',
    );
    expect(render('3. three\n4. four')).toBe('<ol start="3">\n<li>three</li>\n<li>four</li>\n</ol>');
  });

  it('keeps two quotes apart, and silences the mentions they quote', () => {
    expect(render('> @**Ada Lovelace** said\n\n> more')).toBe(
      '<blockquote>\n<p><span class="user-mention silent" data-user-id="11">Ada Lovelace</span> said</p>\n</blockquote>\n<blockquote>\n<p>more</p>\n</blockquote>',
    );
    expect(render('```quote\n@*design* look\n```')).toBe(
      '<blockquote>\n<p><span class="user-group-mention silent" data-user-group-id="31">design</span> look</p>\n</blockquote>',
    );
  });

  it('renders fenced code with its language, and indented code', () => {
    expect(render('```js\nif (a < b) {}\n```')).toBe(
      '<div class="codehilite" data-code-language="JavaScript"><pre><span></span><code><span class="k">if</span><span class="w"> </span><span class="p">(</span><span class="nx">a</span><span class="w"> </span><span class="o">&lt;</span><span class="w"> </span><span class="nx">b</span><span class="p">)</span><span class="w"> </span><span class="p">{}</span>\n</code></pre></div>',
    );
    expect(render('text\n\n    indented')).toBe(
      '<p>text</p>\n<div class="codehilite"><pre><span></span><code>indented\n</code></pre></div>',
    );
  });

  it("highlights code as Zulip's Pygments does, naming the lexer and unescaping quotes", () => {
    expect(render('```php\necho strlen($s);\n```')).toBe(
      '<div class="codehilite" data-code-language="PHP"><pre><span></span><code><span class="k">echo</span> <span class="nb">strlen</span><span class="p">(</span><span class="nv">$s</span><span class="p">);</span>\n</code></pre></div>',
    );
    expect(render('``` JSON\n{"a": [1, 2.5, null]}\n```')).toBe(
      '<div class="codehilite" data-code-language="JSON"><pre><span></span><code><span class="p">{</span><span class="nt">"a"</span><span class="p">:</span><span class="w"> </span><span class="p">[</span><span class="mi">1</span><span class="p">,</span><span class="w"> </span><span class="mf">2.5</span><span class="p">,</span><span class="w"> </span><span class="kc">null</span><span class="p">]}</span>\n</code></pre></div>',
    );
  });

  it('takes the lexer and marked lines of a fence without language from a header line, which stays', () => {
    expect(render('```\n#!python hl_lines="2"\nx = 1\nprint(x)\n```')).toBe(
      '<div class="codehilite"><pre><span></span><code><span class="ch">#!python hl_lines=&quot;2&quot;</span>\n<span class="hll"><span class="n">x</span> <span class="o">=</span> <span class="mi">1</span>\n</span><span class="nb">print</span><span class="p">(</span><span class="n">x</span><span class="p">)</span>\n</code></pre></div>',
    );
  });

  it('takes a header without a path out of indented code, as Python-Markdown does', () => {
    expect(render('text\n\n    :::python\n    x = 1')).toBe(
      '<p>text</p>\n<div class="codehilite"><pre><span></span><code><span class="n">x</span> <span class="o">=</span> <span class="mi">1</span>\n</code></pre></div>',
    );
  });

  it('uses the organization default language for fences without one', () => {
    expect(render('```\nx = 1\n```', org({ defaultCodeBlockLanguage: 'python' }))).toBe(
      '<div class="codehilite" data-code-language="Python"><pre><span></span><code><span class="n">x</span> <span class="o">=</span> <span class="mi">1</span>\n</code></pre></div>',
    );
  });

  it('renders spoilers and tables', () => {
    expect(render('```spoiler Plot\nIt was **him**\n```')).toBe(
      '<div class="spoiler-block"><div class="spoiler-header">\n<p>Plot</p>\n</div><div class="spoiler-content" aria-hidden="true">\n<p>It was <strong>him</strong></p>\n</div></div>',
    );
    expect(render('| a | b |\n|:--|--:|\n| 1 | 2 |')).toBe(
      '<table>\n<thead>\n<tr>\n<th style="text-align: left;">a</th>\n<th style="text-align: right;">b</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td style="text-align: left;">1</td>\n<td style="text-align: right;">2</td>\n</tr>\n</tbody>\n</table>',
    );
  });

  it('renders math with KaTeX, and TeX that does not parse as an error', () => {
    expect(render('$$x^2$$')).toMatch(
      /^<p><span class="katex"><span class="katex-mathml"><math xmlns="http:\/\/www.w3.org\/1998\/Math\/MathML">/,
    );
    expect(render('```math\n\\frac{1}{2}\n```')).toMatch(/^<p><span class="katex-display">/);
    expect(render('$$\\notacommand{$$')).toBe('<p><span class="tex-error">$$\\notacommand{$$</span></p>');
  });
});

describe('Zulip Markdown: what the organization knows', () => {
  it('renders user mentions with current names, silent ones, by id, and leaves unknown names bold', () => {
    expect(render('@**ada lovelace** @_**Grace, the Admiral** @**|11** @**Old Timer** @**Nobody Here** @**Ada Lovelace|12**')).toBe(
      '<p><span class="user-mention" data-user-id="11">@Ada Lovelace</span> <span class="user-mention silent" data-user-id="12">Grace, the Admiral</span> ' +
        '<span class="user-mention" data-user-id="11">@Ada Lovelace</span> <span class="user-mention silent" data-user-id="13">Old Timer</span> ' +
        '@<strong>Nobody Here</strong> @<strong>Ada Lovelace|12</strong></p>',
    );
  });

  it('renders wildcard, group and system group mentions', () => {
    expect(render('@**all** @_**channel** @**topic** @*design* @_*role:administrators* @*retired* @*nope*')).toBe(
      '<p><span class="user-mention channel-wildcard-mention" data-user-id="*">@all</span> <span class="user-mention channel-wildcard-mention silent" data-user-id="*">channel</span> ' +
        '<span class="topic-mention">@topic</span> <span class="user-group-mention" data-user-group-id="31">@design</span> ' +
        '<span class="user-group-mention silent" data-user-group-id="4">Administrators</span> <span class="user-group-mention silent" data-user-group-id="32">retired</span> @<em>nope</em></p>',
    );
  });

  it('does not mention after a letter or some punctuation', () => {
    expect(render('x@**Ada Lovelace** (@**Ada Lovelace**')).toBe(
      '<p>x@<strong>Ada Lovelace</strong> (<span class="user-mention" data-user-id="11">@Ada Lovelace</span></p>',
    );
  });

  it('links channels, topics at their newest message, and messages', () => {
    expect(render('#**general** #**Q&A #1** #**general>lunch** #**general>** #**general>lunch@42** #**secret**')).toBe(
      '<p><a class="stream" data-stream-id="5" href="/#narrow/channel/5-general">#general</a> ' +
        '<a class="stream" data-stream-id="6" href="/#narrow/channel/6-Q.26A-.231">#Q&amp;A #1</a> ' +
        '<a class="stream-topic" data-stream-id="5" href="/#narrow/channel/5-general/topic/lunch/with/77">#general &gt; lunch</a> ' +
        '<a class="stream-topic" data-stream-id="5" href="/#narrow/channel/5-general/topic/">#general &gt; <em>general chat</em></a> ' +
        '<a class="message-link" href="/#narrow/channel/5-general/topic/lunch/near/42">#general &gt; lunch @ 💬</a> #<strong>secret</strong></p>',
    );
  });

  it('applies linkifiers where they start a word, not inside links or mentions', () => {
    expect(render('fix #1234 and#99 or [#55](https://example.com/x)')).toBe(
      '<p>fix <a href="https://tracker.example.org/issue/1234">#1234</a> and#99 or <a href="https://example.com/x">#55</a></p>',
    );
  });

  it('renders emoji by name, custom and zulip emoji, typed emoji, and emoticons for those who want them', () => {
    expect(render(':thumbs_up: :party_parrot: :zulip: 🐙 :not_an_emoji_name:')).toBe(
      '<p><span aria-label="thumbs up" class="emoji emoji-1f44d" role="img" title="thumbs up">:thumbs_up:</span> ' +
        '<img alt=":party_parrot:" class="emoji" src="/user_avatars/2/emoji/images/abc.gif" title="party parrot"> ' +
        '<img alt=":zulip:" class="emoji" src="/static/generated/emoji/images/emoji/unicode/zulip.png" title="zulip"> ' +
        '<span aria-label="octopus" class="emoji emoji-1f419" role="img" title="octopus">:octopus:</span> :not_an_emoji_name:</p>',
    );
    expect(render('ok :)')).toBe('<p>ok :)</p>');
    expect(render('ok :)', org({ translateEmoticons: true }))).toBe(
      '<p>ok <span aria-label="smile" class="emoji emoji-1f642" role="img" title="smile">:smile:</span></p>',
    );
  });

  it('makes links into the organization relative, and refuses unsafe links', () => {
    expect(render('https://chat.example.org/#narrow/channel/5-general and [x](javascript:alert(1))')).toBe(
      '<p><a href="#narrow/channel/5-general">https://chat.example.org/#narrow/channel/5-general</a> and [x](javascript:alert(1))</p>',
    );
  });

  it('renders global times in UTC', () => {
    expect(render('<time:2026-11-27T10:00:00+01:00> <time:1764237600> <time:nonsense>')).toBe(
      '<p><time datetime="2026-11-27T09:00:00Z">2026-11-27T10:00:00+01:00</time> <time datetime="2025-11-27T10:00:00Z">1764237600</time> <span class="timestamp-error">Invalid time format: nonsense</span></p>',
    );
  });

  it('makes nothing a mention or a channel link without an organization', () => {
    expect(render('@**Ada Lovelace** #**general**', null)).toBe('<p>@<strong>Ada Lovelace</strong> #<strong>general</strong></p>');
  });
});

describe('Zulip Markdown: bounds', () => {
  it('refuses, as Zulip does, a message whose HTML would be over a million characters', () => {
    const header = `|${'a|'.repeat(300)}\n|${'-|'.repeat(300)}\n`;
    expect(() => render(`${header}${'x\n'.repeat(4000)}`)).toThrow(RenderingError);
    expect(render(`${header}x`).length).toBeLessThan(MAX_RENDERED_LENGTH);
  });

  it('renders the longest message of deep nesting and many formats without failing', () => {
    const deep = '>'.repeat(5000) + ' x';
    expect(render(deep).startsWith('<blockquote>')).toBe(true);
    const many = Array.from({ length: 400 }, (_, i) => `**b${i}** @**Ada Lovelace** :smile: #${1000 + i}`)
      .join(' ')
      .slice(0, 10000);
    expect(render(many)).toContain('<span class="user-mention" data-user-id="11">@Ada Lovelace</span>');
    const nested = '* a\n' + Array.from({ length: 2000 }, (_, i) => `${'  '.repeat(Math.min(i, 60))}* x`).join('\n');
    expect(render(nested.slice(0, 10000)).startsWith('<ul>')).toBe(true);
  });
});
