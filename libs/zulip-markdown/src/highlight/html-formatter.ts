import type { CssClasses } from './css-classes';
import type { TokenType } from './lexer-table';

/**
 * HtmlFormatter's `_format_lines` (pygments/formatters/html.py) with Zulip's options: the HTML between `<code>` and
 * `</code>`. A token's span closes at each line end and reopens on the next line; adjacent tokens of one class
 * share a span.
 */
export function formatHtml(tokens: Iterable<[TokenType, string]>, classes: CssClasses): string {
  const lines: string[] = [];
  let line: string[] = [];
  let lineSpan = '';
  for (const [type, value] of tokens) {
    const cssClass = classes.of(type);
    const span = cssClass === '' ? '' : `<span class="${cssClass}">`;
    const close = span && '</span>';
    const parts = escapeHtml(value).split('\n');
    for (const part of parts.slice(0, -1)) {
      if (line.length > 0) {
        if (lineSpan !== span && part !== '') line.push(lineSpan && '</span>', span, part, close, '\n');
        else line.push(part, lineSpan && '</span>', '\n');
        lines.push(line.join(''));
        line = [];
      } else if (part !== '') {
        lines.push(`${span}${part}${close}\n`);
      } else {
        lines.push('\n');
      }
    }
    const last = parts[parts.length - 1] ?? '';
    if (last === '') continue;
    if (line.length > 0) {
      if (lineSpan !== span) line.push(lineSpan && '</span>', span);
      line.push(last);
    } else {
      line = [span, last];
    }
    lineSpan = span;
  }
  if (line.length > 0) {
    line.push(lineSpan && '</span>', '\n');
    lines.push(line.join(''));
  }
  return lines.join('');
}

/**
 * HtmlFormatter's `_highlight_lines` (the `hl_lines` option): the given 1-based lines of formatted HTML, each
 * ending with its newline, are wrapped in `<span class="hll">`.
 */
export function highlightLines(html: string, lines: ReadonlySet<number>): string {
  if (lines.size === 0) return html;
  let number = 0;
  return html.replace(/[^\n]*\n/g, (line) => (lines.has(++number) ? `<span class="hll">${line}</span>` : line));
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** pygments.formatters.html.escape_html */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
