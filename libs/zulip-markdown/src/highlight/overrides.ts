import { cFamilyTokens } from './families/c-family';
import { jsonTokens } from './families/json';
import { phpTokens } from './families/php';
import { swiftTokens } from './families/swift';
import { yamlTokens } from './families/yaml';
import type { Lexer } from './lexer';
import type { Token } from './lexer-table';
import { shellSessionTokens } from './shell-session';

/** A hand port of a lexer class' own `get_tokens_unprocessed`, which the exported tables cannot express. */
export type TokensOverride = (lexer: Lexer, text: string, stack: string[] | undefined) => Token[];

const OVERRIDES: ReadonlyMap<string, TokensOverride> = new Map([
  ['TextLexer.get_tokens_unprocessed', (_lexer: Lexer, text: string): Token[] => [[0, 'Token.Text', text]]],
  ['JsonLexer.get_tokens_unprocessed', (_lexer: Lexer, text: string): Token[] => jsonTokens(text)],
  ['CFamilyLexer.get_tokens_unprocessed', cFamilyTokens],
  ['PhpLexer.get_tokens_unprocessed', phpTokens],
  ['SwiftLexer.get_tokens_unprocessed', swiftTokens],
  ['YamlLexer.get_tokens_unprocessed', yamlTokens],
  ['ShellSessionBaseLexer.get_tokens_unprocessed', shellSessionTokens],
]);

export const overrideFor = (name: string): TokensOverride | undefined => OVERRIDES.get(name);
