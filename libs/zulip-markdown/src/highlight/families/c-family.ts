import type { Lexer } from '../lexer';
import type { Token } from '../lexer-table';
import { boolOption } from '../options';
import { regexLexerTokens } from '../regex-lexer';
import { dataWords } from '../word-lists';

const TYPE_LISTS: readonly [list: string, option: string][] = [
  ['stdlib_types', 'stdlibhighlighting'],
  ['c99_types', 'c99highlighting'],
  ['c11_atomic_types', 'c11highlighting'],
  ['linux_types', 'platformhighlighting'],
];

/** CFamilyLexer (pygments/lexers/c_cpp.py): names found in the enabled type lists become Keyword.Type. */
export function cFamilyTokens(lexer: Lexer, text: string, stack: string[] | undefined): Token[] {
  const out: Token[] = [];
  regexLexerTokens(lexer, text, stack ?? ['root'], out);
  const lists = TYPE_LISTS.filter(([, option]) => boolOption(lexer.options, option, true)).map(([list]) => dataWords(lexer, list));
  for (const token of out) {
    if (token[1] === 'Token.Name' && lists.some((words) => words.has(token[2]))) token[1] = 'Token.Keyword.Type';
  }
  return out;
}
