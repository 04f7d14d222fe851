/** Python's `str.expandtabs(4)`: tab stops every four columns, counted from each line's start. */
export function expandTabs(text: string, size = 4): string {
  let column = 0;
  let out = '';
  for (const char of text) {
    if (char === '\t') {
      const spaces = size - (column % size);
      out += ' '.repeat(spaces);
      column += spaces;
    } else {
      out += char;
      column = char === '\n' || char === '\r' ? 0 : column + 1;
    }
  }
  return out;
}

/**
 * Python-Markdown's NormalizeWhitespace: no control characters it uses itself, one kind of line
 * end, tabs expanded, lines of spaces made empty, and two blank lines at the end.
 */
export function normalizeWhitespace(lines: readonly string[]): string[] {
  const source = `${lines
    .join('\n')
    .replace(/[\u0002\u0003]/gu, '')
    .replaceAll('\r\n', '\n')
    .replaceAll('\r', '\n')}\n\n`;
  return expandTabs(source)
    .replace(/(?<=\n) +\n/gu, '\n')
    .split('\n');
}
