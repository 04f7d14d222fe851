/**
 * The shape of the JSON tables exported from Pygments (tools/pygments/export_lexers.py): per lexer class, its
 * token definitions as RegexLexerMeta processed them, with every regex already translated to JavaScript.
 */

/** A token type as Pygments prints it, e.g. `Token.Name.Builtin`. */
export type TokenType = string;

/** What `get_tokens_unprocessed` yields: (position in the lexed text, token type, value). */
export type Token = [position: number, type: TokenType, value: string];

export type UsingAction = { using: string; stack: string[] | null; kwargs: LexerOptions };
export type CallbackAction = { callback: string; args: Record<string, unknown> };
/** A rule's action: a token type, `bygroups(...)`, `using(...)` or a lexer's own Python callback. */
export type Action = null | TokenType | { bygroups: Action[] } | UsingAction | CallbackAction;

/** `#pop:n` as -n, `#push`, or the states to push (`#pop`/`#push` allowed among them). */
export type NewState = null | number | '#push' | string[];

export type Rule = [regexIndex: number, action: Action, newState: NewState];

export interface LexerTable {
  /** `<Class>.get_tokens_unprocessed`/`__init__` definitions along the class' MRO, most derived first. */
  overrides: string[];
  kind: 'regex' | 'extended' | 'delegating' | 'shellsession' | 'other';
  delegating?: { root: string; language: string; needle: TokenType };
  shell?: { inner: string; ps1: [string, string]; venv: [string, string]; ps2: string; bare: boolean };
  /** [JavaScript source, flags]; null where the Python regex has no JavaScript equivalent. */
  regexes?: [string | null, string | null][];
  states?: Record<string, Rule[]>;
  /** Word lists the hand-ported overrides look tokens up in. */
  data?: Record<string, unknown>;
}

/** Lexer options as Pygments takes them (`startinline`, `stripnl`, …): any value, read leniently. */
export type LexerOptions = Record<string, unknown>;

export interface PygmentsTable {
  version: string;
  /** Token type -> CSS class (pygments.token.STANDARD_TYPES). */
  standardTypes: Record<TokenType, string>;
  /** Lower-cased alias -> lexer class, for the exported classes only. */
  aliases: Record<string, string>;
  licence: string;
}
