/**
 * pygments.lexer.LexerContext, the state ExtendedRegexLexer callbacks read and move: position, end, state stack;
 * plus the fields YamlLexerContext adds (indentation) and RubyLexer stores on it (pending heredocs).
 */
export class LexerContext {
  end: number;
  stack: string[];
  indentStack: number[] = [];
  indent = -1;
  nextIndent = 0;
  blockScalarIndent: number | null = null;
  heredocStack: [tolerant: boolean, name: string][] = [];

  constructor(
    public readonly text: string,
    public pos: number,
    stack?: string[],
    end?: number,
  ) {
    this.end = end || text.length;
    this.stack = stack && stack.length > 0 ? stack : ['root'];
  }
}
