import { codeBlockHtml, preprocessFencedBlocks } from './fenced-blocks';

/** Runs the preprocessor with a stash whose placeholders are readable (`[0]`, `[1]`, … in stashing order). */
function preprocess(lines: string[], defaultLanguage = ''): { lines: string[]; stashed: string[] } {
  const stashed: string[] = [];
  const stash = (html: string): string => `[${stashed.push(html) - 1}]`;
  return { lines: preprocessFencedBlocks(lines, { stash, defaultLanguage }), stashed };
}

const plainCode = (text: string): string => `<div class="codehilite"><pre><span></span><code>${text}</code></pre></div>`;
const namedCode = (name: string, text: string): string =>
  `<div class="codehilite" data-code-language="${name}"><pre><span></span><code>${text}</code></pre></div>`;

const SPOILER_OPEN = '<div class="spoiler-block"><div class="spoiler-header">';
const SPOILER_CONTENT = '</div><div class="spoiler-content" aria-hidden="true">';
const SPOILER_CLOSE = '</div></div>';

describe('fenced code blocks', () => {
  it('stashes code without a language as text escaped the way Pygments escapes it', () => {
    const { lines, stashed } = preprocess(['before', '```', `if (a < b && c) print("it's")`, '```', 'after']);
    expect(lines).toEqual(['before', '', '[0]', '', 'after']);
    expect(stashed).toEqual([plainCode('if (a &lt; b &amp;&amp; c) print(&quot;it&#39;s&quot;)\n')]);
  });

  it("names the language after Pygments' lexer and leaves quotes unescaped, as Zulip's lxml round trip does", () => {
    const { lines, stashed } = preprocess(['```Python', `print("it's") # a < b`, '```']);
    expect(lines).toEqual(['', '[0]', '', '']);
    expect(stashed).toEqual([
      namedCode(
        'Python',
        `<span class="nb">print</span><span class="p">(</span><span class="s2">"it's"</span><span class="p">)</span> <span class="c1"># a &lt; b</span>\n`,
      ),
    ]);
  });

  it('keeps a language Pygments does not know, lower-cased', () => {
    expect(preprocess(['``` MyLang', 'x', '```']).stashed).toEqual([namedCode('mylang', 'x\n')]);
  });

  it('accepts the {.lang} and .lang spellings and ignores words after the language', () => {
    expect(preprocess(['```{.py}', 'x', '```']).stashed).toEqual([namedCode('Python', '<span class="n">x</span>\n')]);
    expect(preprocess(['~~~.js', 'x', '~~~']).stashed).toEqual([namedCode('JavaScript', '<span class="nx">x</span>\n')]);
    expect(preprocess(['``` js some words', 'x', '```']).stashed).toEqual([namedCode('JavaScript', '<span class="nx">x</span>\n')]);
  });

  it('drops blank lines around the code and trailing whitespace of each line, keeping inner blank lines', () => {
    const { stashed } = preprocess(['~~~', '', '  ', 'a   ', '', 'b\t', '', '~~~']);
    expect(stashed).toEqual([plainCode('a\n\nb\n')]);
  });

  it('runs an unclosed fence to the end of the message', () => {
    const { lines, stashed } = preprocess(['text', '```', 'never closed', '', 'still code']);
    expect(lines).toEqual(['text', '', '[0]', '', '']);
    expect(stashed).toEqual([plainCode('never closed\n\nstill code\n')]);
  });

  it('closes only on the very same fence, so a longer fence can hold shorter ones', () => {
    const { lines, stashed } = preprocess(['````', '```', 'inner', '```', '````', 'after']);
    expect(lines).toEqual(['', '[0]', '', 'after']);
    expect(stashed).toEqual([plainCode('```\ninner\n```\n')]);
  });

  it('uses tildes as fences just like backticks, never mixing the two', () => {
    expect(preprocess(['~~~', '```', '~~~~', '~~~']).stashed).toEqual([plainCode('```\n~~~~\n')]);
  });

  it('closes on a fence followed by trailing whitespace', () => {
    expect(preprocess(['```', 'x', '```   ', 'after']).lines).toEqual(['', '[0]', '', 'after']);
  });

  it('does not treat an indented fence or a fence with text after it as a fence', () => {
    expect(preprocess(['  ```', 'not code', '  ```'])).toEqual({ lines: ['  ```', 'not code', '  ```', ''], stashed: [] });
    expect(preprocess(['```python x```', 'y'])).toEqual({ lines: ['```python x```', 'y'], stashed: [] });
  });

  it('produces nothing for an empty block', () => {
    expect(preprocess(['a', '```', '```', 'b'])).toEqual({ lines: ['a', 'b'], stashed: [] });
    expect(preprocess(['```', '```'])).toEqual({ lines: [], stashed: [] });
  });

  it("gives fences without a language the organization's default language", () => {
    expect(preprocess(['```', 'x', '```'], 'python').stashed).toEqual([namedCode('Python', '<span class="n">x</span>\n')]);
    expect(preprocess(['```text', 'x', '```'], 'python').stashed).toEqual([namedCode('Text only', 'x\n')]);
  });
});

describe('codeBlockHtml', () => {
  it('gives an all-blank block a single empty line, as Pygments does', () => {
    expect(codeBlockHtml('', null)).toBe(plainCode('\n'));
    expect(codeBlockHtml('\n\n', 'inventedlang')).toBe(namedCode('inventedlang', '\n'));
  });

  it("drops a leading byte-order mark, as Pygments' lexers do", () => {
    expect(codeBlockHtml('\uFEFFx', null)).toBe(plainCode('x\n'));
  });

  it('escapes the language name in the attribute as lxml does', () => {
    expect(codeBlockHtml('x', 'a"b<c>&d')).toBe(namedCode('a&quot;b&lt;c&gt;&amp;d', 'x\n'));
  });
});

describe('fenced quotes', () => {
  it('turns the content into quoted Markdown lines, with fences nested inside', () => {
    const { lines, stashed } = preprocess(['~~~ quote', 'said', '```', 'code', '```', '~~~', 'after']);
    expect(lines).toEqual(['', '> said', '> ', '> [0]', '> ', '', 'after']);
    expect(stashed).toEqual([plainCode('code\n')]);
  });

  it('nests quotes, each closing on its own fence', () => {
    const { lines } = preprocess(['~~~~ quote', 'outer', '~~~ quote', 'inner', '~~~', 'outer again', '~~~~']);
    expect(lines).toEqual(['', '> outer', '> ', '> > inner', '> ', '> outer again', '', '']);
  });

  it('recognizes the language case-insensitively, and `quoted` too', () => {
    expect(preprocess(['```QUOTE', 'q', '```']).lines).toEqual(['', '> q', '', '']);
    expect(preprocess(['```quoted', 'q', '```']).lines).toEqual(['', '> q', '', '']);
  });

  it('closes a fence left open inside a quote before the quote, at the end of the message', () => {
    const { lines, stashed } = preprocess(['~~~quote', '~~~~', 'x']);
    expect(lines).toEqual(['', '> ', '> [0]', '> ', '', '']);
    expect(stashed).toEqual([plainCode('x\n')]);
  });

  it('applies the default language to fences inside the quote', () => {
    expect(preprocess(['~~~ quote', '```', 'x', '```', '~~~'], 'python').stashed).toEqual([
      namedCode('Python', '<span class="n">x</span>\n'),
    ]);
  });
});

describe('spoilers', () => {
  it('wraps the header and the content, both left as Markdown, in stashed spoiler tags', () => {
    const { lines, stashed } = preprocess(['```spoiler Title **here**', 'hidden', '```']);
    expect(lines).toEqual(['', '[0]', '', 'Title **here**', '', '[1]', '', 'hidden', '', '[2]', '', '']);
    expect(stashed).toEqual([SPOILER_OPEN, SPOILER_CONTENT, SPOILER_CLOSE]);
  });

  it('leaves the header out when there is none', () => {
    const { lines } = preprocess(['```spoiler', 'hidden', '```']);
    expect(lines).toEqual(['', '[0]', '', '[1]', '', 'hidden', '', '[2]', '', '']);
  });

  it('does not apply the default language to fences inside it', () => {
    const { lines, stashed } = preprocess(['~~~ spoiler', '```', 'x', '```', '~~~'], 'python');
    expect(lines).toEqual(['', '[1]', '', '[2]', '', '', '[0]', '', '', '[3]', '', '']);
    expect(stashed[0]).toBe(plainCode('x\n'));
  });
});

describe('math blocks', () => {
  it('renders each paragraph in display mode and stashes them together', () => {
    const { lines, stashed } = preprocess(['```math', 'a^2', '', 'b^2', '```']);
    expect(lines).toEqual(['', '[0]', '', '']);
    const paragraphs = stashed[0]!.split('\n\n');
    expect(paragraphs).toHaveLength(2);
    for (const paragraph of paragraphs) expect(paragraph).toMatch(/^<span class="katex-display"><span class="katex">.*<\/span>$/s);
    expect(paragraphs[0]).toContain('<annotation encoding="application/x-tex">a^2</annotation>');
  });

  it('shows a paragraph KaTeX rejects as its escaped source, without failing the others', () => {
    const { stashed } = preprocess(['~~~ math', `\\frac{'a' & "b"}<`, '', 'x', '~~~']);
    const [broken, fine] = stashed[0]!.split('\n\n');
    expect(broken).toBe('<span class="tex-error">\\frac{&#x27;a&#x27; &amp; &quot;b&quot;}&lt;</span>');
    expect(fine).toMatch(/^<span class="katex-display">/);
  });

  it('keeps fences inside a math block as TeX', () => {
    const { stashed } = preprocess(['```math', '````js', 'x', '````', '```']);
    expect(stashed).toHaveLength(1);
    expect(stashed[0]).toContain('<annotation encoding="application/x-tex">````js\nx\n````</annotation>');
  });
});
