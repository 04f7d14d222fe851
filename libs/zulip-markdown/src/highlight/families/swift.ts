import type { Lexer } from '../lexer';
import type { Token } from '../lexer-table';
import { regexLexerTokens } from '../regex-lexer';
import { dataWords } from '../word-lists';

/** SwiftLexer (pygments/lexers/objective.py): Cocoa interface, protocol and primitive names become Name.Builtin.Pseudo. */
export function swiftTokens(lexer: Lexer, text: string): Token[] {
  const out: Token[] = [];
  regexLexerTokens(lexer, text, ['root'], out);
  const cocoa = dataWords(lexer, 'cocoa');
  for (const token of out) {
    if ((token[1] === 'Token.Name' || token[1] === 'Token.Name.Class') && cocoa.has(token[2])) token[1] = 'Token.Name.Builtin.Pseudo';
  }
  return out;
}
