import type { Callback } from '../callbacks';
import type { Lexer } from '../lexer';
import { LexerContext } from '../lexer-context';
import type { Token } from '../lexer-table';
import type { MatchLike } from '../match';
import { extendedLexerTokens } from '../regex-lexer';

/**
 * RubyLexer (pygments/lexers/ruby.py) lexes heredocs and interpolating %-literals with callbacks: a heredoc's body
 * starts on the line after its opener (several may be pending on one line), and a %-literal's content is lexed in
 * a fresh context of its own.
 */

/** Pygments stops nesting heredocs found inside a heredoc's opening line past this depth. */
const MAX_HEREDOC_DEPTH = 100;

const context = (ctx: LexerContext | null): LexerContext => {
  if (ctx === null) throw new Error('RubyLexer callbacks need a context');
  return ctx;
};

const heredocCallback: Callback = (lexer, match, ctx, out) => {
  const c = context(ctx);
  const opener = match.group(1) ?? '';
  const name = match.group(3) ?? '';
  out.push([match.start(1), 'Token.Operator', opener]);
  out.push([match.start(2), 'Token.Literal.String.Heredoc', match.group(2) ?? '']);
  out.push([match.start(3), 'Token.Literal.String.Delimiter', name]);
  out.push([match.start(4), 'Token.Literal.String.Heredoc', match.group(4) ?? '']);
  const outermost = c.heredocStack.length === 0;
  c.heredocStack.push([opener === '<<-' || opener === '<<~', name]);
  // the rest of the opening line may open more heredocs
  c.pos = match.start(5);
  c.end = match.end(5);
  if (c.heredocStack.length < MAX_HEREDOC_DEPTH) extendedLexerTokens(lexer, c, out);
  else out.push([c.pos, 'Token.Literal.String.Heredoc', match.group(5) ?? '']);
  c.pos = match.end();
  if (outermost) {
    for (const [tolerant, heredocName] of c.heredocStack) heredocBody(c, tolerant, heredocName, out);
    c.end = c.text.length;
    c.heredocStack.length = 0;
  }
};

/** The lines up to the heredoc's terminator; without one they are all errors. */
function heredocBody(c: LexerContext, tolerant: boolean, name: string, out: Token[]): void {
  const lines: [number, string][] = [];
  const lineRe = /[^\n]*?\n/g;
  lineRe.lastIndex = c.pos;
  for (let line = lineRe.exec(c.text); line !== null; line = lineRe.exec(c.text)) {
    if ((tolerant ? pythonStrip(line[0]) : pythonRstrip(line[0])) === name) {
      for (const [start, text] of lines) out.push([start, 'Token.Literal.String.Heredoc', text]);
      out.push([line.index, 'Token.Literal.String.Delimiter', line[0]]);
      c.pos = line.index + line[0].length;
      return;
    }
    lines.push([line.index, line[0]]);
  }
  for (const [start, text] of lines) out.push([start, 'Token.Error', text]);
}

/** `%r{…}` / `%Q{…}`: delimiters, then the content lexed from the given state in a context of its own. */
const interpolated =
  (state: string, delimiterType: string): Callback =>
  (lexer: Lexer, match: MatchLike, ctx, out) => {
    out.push([match.start(1), delimiterType, match.group(1) ?? '']);
    const inner: Token[] = [];
    extendedLexerTokens(lexer, new LexerContext(match.group(3) ?? '', 0, [state]), inner);
    const offset = match.start(3);
    for (const [position, type, value] of inner) out.push([position + offset, type, value]);
    out.push([match.start(4), delimiterType, match.group(4) ?? '']);
    context(ctx).pos = match.end();
  };

export const rubyCallbacks: Record<string, Callback> = {
  'RubyLexer.heredoc_callback': heredocCallback,
  'RubyLexer.intp_regex_callback': interpolated('interpolated-regex', 'Token.Literal.String.Regex'),
  'RubyLexer.intp_string_callback': interpolated('interpolated-string', 'Token.Literal.String.Other'),
};

/** Python's str.strip()/rstrip() whitespace, which is not JavaScript's trim(). */
const PYTHON_SPACE = '[\\t\\n\\v\\f\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]';
const LEADING_SPACE = new RegExp(`^${PYTHON_SPACE}+`);
const TRAILING_SPACE = new RegExp(`${PYTHON_SPACE}+$`);
const pythonRstrip = (text: string): string => text.replace(TRAILING_SPACE, '');
const pythonStrip = (text: string): string => pythonRstrip(text).replace(LEADING_SPACE, '');
