import type { Deadline } from './deadline';
import { delegatingTokens } from './delegating';
import { LexerContext } from './lexer-context';
import type { LexerOptions, LexerTable, Token } from './lexer-table';
import { overrideFor } from './overrides';
import { extendedLexerTokens, regexLexerTokens } from './regex-lexer';
import { lexerTable } from './table-loader';

/** A lexer class whose Python code the engine has no port of: the block falls back to plain text. */
export class NotPorted extends Error {}

/**
 * One instance of a Pygments lexer class: its table, its options, and the deadline of the block being lexed (shared
 * with every lexer it hands text to). `tokensUnprocessed` is `get_tokens_unprocessed`, dispatched as Python would:
 * the most derived override if the class has one (hand-ported), else the generic loop of its kind.
 */
export class Lexer {
  readonly table: LexerTable;
  readonly options: LexerOptions;
  /** PhpLexer.__init__ pops `_startinline` out of the options (so it is not passed on) into its startinline. */
  readonly forcedStartinline: boolean | undefined;

  constructor(
    readonly className: string,
    options: LexerOptions,
    readonly deadline: Deadline,
  ) {
    this.table = lexerTable(className);
    const { _startinline, ...rest } = options;
    this.forcedStartinline = _startinline === undefined ? undefined : Boolean(_startinline);
    this.options = this.table.overrides.includes('PhpLexer.__init__') ? rest : options;
  }

  /** Another lexer, for `using`, delegating and session lexers. */
  other(className: string, options: LexerOptions): Lexer {
    return new Lexer(className, options, this.deadline);
  }

  tokensUnprocessed(text: string, stack?: string[]): Token[] {
    const override = this.table.overrides.find((name) => name.endsWith('.get_tokens_unprocessed'));
    if (override !== undefined) {
      const port = overrideFor(override);
      if (port === undefined) throw new NotPorted(override);
      return port(this, text, stack);
    }
    const out: Token[] = [];
    switch (this.table.kind) {
      case 'regex':
        regexLexerTokens(this, text, stack ?? ['root'], out);
        return out;
      case 'extended':
        if (stack !== undefined) throw new Error('ExtendedRegexLexer.get_tokens_unprocessed takes no stack');
        extendedLexerTokens(this, new LexerContext(text, 0), out);
        return out;
      case 'delegating':
        delegatingTokens(this, text, out);
        return out;
      default:
        throw new NotPorted(this.className);
    }
  }
}
