import { codeHiliteHeader } from '../highlight/codehilite-header';
import { highlightTokens } from '../highlight/highlight';
import { highlightLines } from '../highlight/html-formatter';
import { renderTex } from '../tex';
import { codeLanguageName } from './code-languages';

/** Raw HTML kept aside until the end (Python-Markdown's htmlStash): returns the placeholder to put in the text. */
export type StashHtml = (html: string) => string;

export interface FencedBlockOptions {
  stash: StashHtml;
  /** The organization's default_code_block_language ('' when none): fences without a language use it (not inside spoilers). */
  defaultLanguage: string;
}

/**
 * Zulip's `FENCE_RE` (zerver/lib/markdown/fenced_code.py). The fence must start at column 0, so an indented fence is
 * not a fence. Python's `[a-zA-Z0-9_+-./#]` contains the range `+-.`, i.e. `+ , - .`, spelled out here. The header
 * (spoiler title) is the rest of the line after the language; a backtick or tilde there makes the line no fence at all.
 */
const FENCE_RE = /^(?<fence>~{3,}|`{3,})[ ]*(?:\{?\.?(?<lang>[a-zA-Z0-9_+,\-./#]+)[ ]*(?<header>[^ ~`][^~`]*)?\}?)?$/;

/** Python's `str.rstrip()`: its whitespace is not JavaScript's (it has U+001C–U+001F and U+0085, and lacks U+FEFF). */
const PYTHON_TRAILING_SPACE = /[\t\n\v\f\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+$/;
const rstrip = (line: string): string => line.replace(PYTHON_TRAILING_SPACE, '');

/** One open fence (or the message itself), fed line by line while it is the innermost one. */
interface FenceHandler {
  handleLine(line: string): void;
  done(): void;
}

/**
 * Zulip's FencedBlockPreprocessor: lines in, lines out. Code and math blocks become stashed HTML placeholders
 * surrounded by blank lines; quote fences become `> ` lines; spoilers become stashed wrapper placeholders around
 * their Markdown content. Fences nest inside quotes and spoilers; an unclosed fence runs to the end of the message.
 */
export function preprocessFencedBlocks(lines: readonly string[], options: FencedBlockOptions): string[] {
  const output: string[] = [];
  const processor = new FencedBlockProcessor(options);
  processor.push(new OuterHandler(processor, output, options.defaultLanguage));
  for (const line of lines) processor.current().handleLine(line);
  processor.closeAll();
  // Zulip's "fiddly handling of new lines at the end", kept because the block parser's output depends on it.
  if (output.length > 2 && output[output.length - 2] !== '') output.push('');
  return output;
}

/** The handler stack, and the formatting the handlers share. */
class FencedBlockProcessor {
  private readonly handlers: FenceHandler[] = [];

  constructor(private readonly options: FencedBlockOptions) {}

  push(handler: FenceHandler): void {
    this.handlers.push(handler);
  }

  pop(): void {
    this.handlers.pop();
  }

  current(): FenceHandler {
    const handler = this.handlers[this.handlers.length - 1];
    if (handler === undefined) throw new Error('fenced blocks: the message handler was closed before the end');
    return handler;
  }

  /** Unclosed fences end with the message, innermost first. */
  closeAll(): void {
    while (this.handlers.length > 0) this.current().done();
  }

  placeholder(html: string): string {
    return this.options.stash(html);
  }

  /**
   * Opens a handler when the line is a fence, else hands the line to `output`. A fence without a language takes the
   * default one where Zulip passes it (the message and quotes, not spoilers); the language is lower-cased first.
   */
  checkForNewFence(output: string[], line: string, defaultLanguage: string): void {
    const match = FENCE_RE.exec(line);
    if (match?.groups === undefined) {
      output.push(line);
      return;
    }
    const { fence, lang, header } = match.groups as { fence: string; lang?: string; header?: string };
    const language = lang === undefined && defaultLanguage !== '' ? defaultLanguage : lang;
    this.push(this.handlerFor(output, fence, language?.toLowerCase() ?? null, header ?? null, defaultLanguage));
  }

  private handlerFor(output: string[], fence: string, lang: string | null, header: string | null, defaultLanguage: string): FenceHandler {
    switch (lang) {
      case 'quote':
      case 'quoted':
        return new QuoteHandler(this, output, fence, defaultLanguage);
      case 'math':
        return new TexHandler(this, output, fence);
      case 'spoiler':
        return new SpoilerHandler(this, output, fence, header);
      default:
        return new CodeHandler(this, output, fence, lang);
    }
  }
}

/** The message itself: never closes on a fence, only passes lines through or opens fences. */
class OuterHandler implements FenceHandler {
  constructor(
    private readonly processor: FencedBlockProcessor,
    private readonly output: string[],
    private readonly defaultLanguage: string,
  ) {}

  handleLine(line: string): void {
    this.processor.checkForNewFence(this.output, line, this.defaultLanguage);
  }

  done(): void {
    this.processor.pop();
  }
}

/**
 * A fenced block: collects lines until a line that is exactly its own fence (same character, same length, trailing
 * whitespace ignored), then emits its formatted text between blank lines — nothing at all when it is empty.
 * Code and math are stashed as raw HTML; quotes and spoilers stay Markdown for the block parser.
 */
abstract class FencedBlockHandler implements FenceHandler {
  protected readonly lines: string[] = [];

  constructor(
    protected readonly processor: FencedBlockProcessor,
    private readonly output: string[],
    private readonly fence: string,
    private readonly processContents: boolean,
  ) {}

  handleLine(line: string): void {
    if (rstrip(line) === this.fence) this.done();
    else this.collect(line);
  }

  done(): void {
    if (this.lines.length > 0) {
      const formatted = this.formatText(this.lines.join('\n'));
      const text = this.processContents ? formatted : this.processor.placeholder(formatted);
      this.output.push('');
      for (const line of text.split('\n')) this.output.push(line);
      this.output.push('');
    }
    this.processor.pop();
  }

  /** Code and math keep each line without its trailing whitespace (it only causes horizontal scrolling). */
  protected collect(line: string): void {
    this.lines.push(rstrip(line));
  }

  protected abstract formatText(text: string): string;
}

class CodeHandler extends FencedBlockHandler {
  constructor(
    processor: FencedBlockProcessor,
    output: string[],
    fence: string,
    private readonly lang: string | null,
  ) {
    super(processor, output, fence, false);
  }

  protected formatText(text: string): string {
    return codeBlockHtml(text, this.lang);
  }
}

class TexHandler extends FencedBlockHandler {
  constructor(processor: FencedBlockProcessor, output: string[], fence: string) {
    super(processor, output, fence, false);
  }

  protected formatText(text: string): string {
    return displayMathHtml(text);
  }
}

/** `~~~ quote`: the content is Markdown (fences nest, keeping trailing whitespace), quoted line by line. */
class QuoteHandler extends FencedBlockHandler {
  constructor(
    processor: FencedBlockProcessor,
    output: string[],
    fence: string,
    private readonly defaultLanguage: string,
  ) {
    super(processor, output, fence, true);
  }

  protected override collect(line: string): void {
    this.processor.checkForNewFence(this.lines, line, this.defaultLanguage);
  }

  protected formatText(text: string): string {
    return text
      .split('\n')
      .map((line) => `> ${line}`)
      .join('\n');
  }
}

/** `~~~ spoiler header`: header and content are Markdown between stashed wrapper tags; no default language inside. */
class SpoilerHandler extends FencedBlockHandler {
  constructor(
    processor: FencedBlockProcessor,
    output: string[],
    fence: string,
    private readonly header: string | null,
  ) {
    super(processor, output, fence, true);
  }

  protected override collect(line: string): void {
    this.processor.checkForNewFence(this.lines, line, '');
  }

  protected formatText(text: string): string {
    const parts = [this.processor.placeholder('<div class="spoiler-block"><div class="spoiler-header">')];
    if (this.header !== null) parts.push(this.header);
    parts.push(this.processor.placeholder('</div><div class="spoiler-content" aria-hidden="true">'));
    parts.push(text);
    parts.push(this.processor.placeholder('</div></div>'));
    return parts.join('\n\n');
  }
}

/**
 * The HTML of a fenced code block, as Zulip's `format_code` makes it with Python-Markdown's CodeHilite and Pygments'
 * HtmlFormatter: `<div class="codehilite"><pre><span></span><code>…\n</code></pre></div>`, plus `data-code-language`
 * (after `class`) when the fence names a language.
 *
 * The token spans are Pygments' for the languages whose lexers are ported (`highlight/`); other languages are
 * formatted as Pygments' TextLexer would, which is also what Zulip does for a language Pygments does not know. A
 * block without a language takes its lexer (and lines to mark) from a CodeHilite header on its first line, which
 * Zulip's CodeHilite keeps in the block.
 */
export function codeBlockHtml(code: string, language: string | null): string {
  const header = language === null || language === '' ? codeHiliteHeader(firstLine(code)) : null;
  const html = codeHiliteHtml(code, header?.language ?? language, true, header?.highlightedLines);
  if (language === null || language === '') return html;
  return withCodeLanguage(html, codeLanguageName(language));
}

/**
 * Indented code, which Python-Markdown's CodeHilite tree processor formats with its own CodeHilite, not Zulip's:
 * a header without a path is taken out of the code, and PHP is not lexed as if it started inside `<?php`.
 */
export function indentedCodeBlockHtml(code: string): string {
  const source = stripNewlines(code);
  const header = codeHiliteHeader(firstLine(source));
  const body = header !== null && !header.path ? source.split('\n').slice(1).join('\n') : source;
  return codeHiliteHtml(body, header?.language ?? null, false, header?.highlightedLines);
}

/** CodeHilite.hilite with Zulip's configuration (no line numbers, no guessing), before Zulip's lxml step. */
function codeHiliteHtml(
  code: string,
  language: string | null,
  startinline: boolean,
  highlightedLines: ReadonlySet<number> = new Set(),
): string {
  const text = pygmentsInput(code);
  const tokens = highlightTokens(text, language, { startinline }) ?? plainTextTokens(text);
  return `<div class="codehilite"><pre><span></span><code>${highlightLines(tokens, highlightedLines)}</code></pre></div>`;
}

/** CodeHilite reads the header from the code without its surrounding blank lines. */
const firstLine = (code: string): string => stripNewlines(code).split('\n', 1)[0] ?? '';

/**
 * The text Pygments lexes: CodeHilite strips the blank lines around the code, Pygments drops a leading byte-order
 * mark, normalizes line ends, strips newlines again and makes sure the text ends with exactly one.
 */
function pygmentsInput(code: string): string {
  const withoutBom = stripNewlines(code).replace(/^\uFEFF/, '');
  return `${stripNewlines(withoutBom.replaceAll('\r\n', '\n').replaceAll('\r', '\n'))}\n`;
}

/** Python's `str.strip("\n")`. */
const stripNewlines = (text: string): string => text.replace(/^\n+|\n+$/g, '');

/** What Pygments' HtmlFormatter writes for TextLexer output: the text, escaped with Pygments' `escape_html`. */
function plainTextTokens(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');
}

/**
 * Zulip adds `data-code-language` by parsing Pygments' HTML with lxml and serializing it again. That appends the
 * attribute after `class` (escaping `& < > "` in it), and turns the quote references Pygments put in text (its
 * attributes never contain any) back into plain quotes, while `&amp; &lt; &gt;` stay.
 */
function withCodeLanguage(pygmentsHtml: string, name: string): string {
  const text = pygmentsHtml.replaceAll('&quot;', '"').replaceAll('&#39;', "'");
  const attribute = name.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
  return text.replace('<div class="codehilite">', `<div class="codehilite" data-code-language="${attribute}">`);
}

/**
 * A `math` block: each paragraph (separated by one blank line) is rendered in display mode on its own, a paragraph
 * KaTeX rejects shows as its escaped source in a `tex-error` span; all of it is stashed as one piece of raw HTML.
 */
function displayMathHtml(text: string): string {
  return text
    .split('\n\n')
    .map((paragraph) => renderTex(paragraph, true) ?? `<span class="tex-error">${djangoEscape(paragraph)}</span>`)
    .join('\n\n');
}

/** Django's `escape` (Python's `html.escape`), which Zulip applies to a math paragraph KaTeX could not render. */
function djangoEscape(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#x27;');
}
