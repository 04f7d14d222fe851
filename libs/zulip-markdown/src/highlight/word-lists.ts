import type { Lexer } from './lexer';

/**
 * Several lexers retype tokens found in a word list (C's standard types, PHP's builtin functions, Swift's Cocoa
 * names); each list becomes a Set once per process.
 */
const sets = new Map<string, ReadonlySet<string>>();

export function wordSet(key: string, words: () => Iterable<string>): ReadonlySet<string> {
  let set = sets.get(key);
  if (set === undefined) {
    set = new Set(words());
    sets.set(key, set);
  }
  return set;
}

/** One of a lexer's exported word lists. */
export function dataWords(lexer: Lexer, name: string): ReadonlySet<string> {
  return wordSet(`${lexer.className}:${name}`, () => {
    const words = lexer.table.data?.[name];
    if (!Array.isArray(words)) throw new Error(`${lexer.className}: no word list ${name}`);
    return words as string[];
  });
}
