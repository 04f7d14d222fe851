import type { Lexer } from './lexer';
import type { LexerContext } from './lexer-context';
import type { Token } from './lexer-table';
import type { MatchLike } from './match';
import { rubyCallbacks } from './families/ruby';
import { yamlCallbacks } from './families/yaml';

/**
 * A lexer's own Python callback, hand-ported: gets the match, the context (ExtendedRegexLexer only), the token list
 * to extend, and the values the Python closure had captured (`args`).
 */
export type Callback = (lexer: Lexer, match: MatchLike, ctx: LexerContext | null, out: Token[], args: Record<string, unknown>) => void;

const CALLBACKS: ReadonlyMap<string, Callback> = new Map([...Object.entries(yamlCallbacks), ...Object.entries(rubyCallbacks)]);

export const callbackFor = (name: string): Callback | undefined => CALLBACKS.get(name);
