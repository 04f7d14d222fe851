import type { Lexer } from '../lexer';
import type { Token } from '../lexer-table';
import { boolOption } from '../options';
import { regexLexerTokens } from '../regex-lexer';
import { wordSet } from '../word-lists';

/**
 * PhpLexer (pygments/lexers/php.py): with `startinline` (Zulip always passes it) the code starts inside `<?php`;
 * names of builtin functions from modules not disabled become Name.Builtin.
 */
export function phpTokens(lexer: Lexer, text: string): Token[] {
  const startinline = lexer.forcedStartinline ?? boolOption(lexer.options, 'startinline', false);
  const out: Token[] = [];
  regexLexerTokens(lexer, text, startinline ? ['root', 'php'] : ['root'], out);
  if (boolOption(lexer.options, 'funcnamehighlighting', true)) {
    const functions = builtinFunctions(lexer);
    for (const token of out) {
      if (token[1] === 'Token.Name.Other' && functions.has(token[2])) token[1] = 'Token.Name.Builtin';
    }
  }
  return out;
}

function builtinFunctions(lexer: Lexer): ReadonlySet<string> {
  const disabled = (lexer.options.disabledmodules as string[] | undefined) ?? ['unknown'];
  return wordSet(`${lexer.className}:functions:${disabled.join(',')}`, function* () {
    const modules = (lexer.table.data?.php_modules ?? {}) as Record<string, string[]>;
    for (const [module, functions] of Object.entries(modules)) if (!disabled.includes(module)) yield* functions;
  });
}
