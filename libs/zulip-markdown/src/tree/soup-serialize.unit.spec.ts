import { asBeautifulSoupWrites } from './soup-serialize';

/** Inputs and what BeautifulSoup 4.15 (html.parser, Zulip's formatter) writes of them. */
const CASES: [string, string][] = [
  [
    '<p>a &copy; b &foo; c &amp; d &lt;x&gt; &#39; &#x27; &quot; &nbsp; &#150; &copy &amp;amp; &#12a; &hellip;x</p>',
    "<p>a © b &amp;foo c &amp; d &lt;x&gt; ' ' \"   – © &amp;amp; &amp;#12a; …x</p>",
  ],
  [
    '<p><a href="x?a=1&amp;b=2" title="say &quot;hi&quot;">t</a><a title="it\'s &quot;x&quot;">u</a><a href="">e</a></p>',
    '<p><a href="x?a=1&amp;b=2" title=\'say "hi"\'>t</a><a title="it\'s &quot;x&quot;">u</a><a href>e</a></p>',
  ],
  [
    '<p><span class="katex"><svg viewBox="0 0 400000 1080" preserveAspectRatio="xMinYMin slice" width="400em"><path d="M95,702"></path></svg></span></p>',
    '<p><span class="katex"><svg preserveaspectratio="xMinYMin slice" viewbox="0 0 400000 1080" width="400em"><path d="M95,702"></path></svg></span></p>',
  ],
  [
    '<div class="codehilite" data-code-language="Python"><pre><span></span><code><span class="nb">print</span><span class="p">(</span><span class="s2">"a &amp; b &lt;c&gt;"</span><span class="p">)</span>\n</code></pre></div>\n<p>line<br>\nnext</p>',
    '<div class="codehilite" data-code-language="Python"><pre><span></span><code><span class="nb">print</span><span class="p">(</span><span class="s2">"a &amp; b &lt;c&gt;"</span><span class="p">)</span>\n</code></pre></div>\n<p>line<br>\nnext</p>',
  ],
  [
    '<p><a href="/user_uploads/2/ab/x/a.png">a.png</a></p>\n<div class="message_inline_image"><a href="/user_uploads/2/ab/x/a.png" title="a.png"><img data-original-content-type="image/png" data-original-dimensions="10x10" src="/user_uploads/thumbnail/2/ab/x/a.png/840x560.webp"></a></div>',
    '<p><a href="/user_uploads/2/ab/x/a.png">a.png</a></p>\n<div class="message_inline_image"><a href="/user_uploads/2/ab/x/a.png" title="a.png"><img data-original-content-type="image/png" data-original-dimensions="10x10" src="/user_uploads/thumbnail/2/ab/x/a.png/840x560.webp"></a></div>',
  ],
  [
    '<p>ünïcødé 😀 <time datetime="2024-01-01T00:00:00Z">now</time> &#128512; &#x1F600;</p>',
    '<p>ünïcødé 😀 <time datetime="2024-01-01T00:00:00Z">now</time> 😀 😀</p>',
  ],
];

describe("re-serializing a message as Zulip's BeautifulSoup step does", () => {
  it.each(CASES)('writes %j as BeautifulSoup does', (input, expected) => {
    expect(asBeautifulSoupWrites(input)).toBe(expected);
  });
});
