import type { Lexer } from './lexer';
import type { Token } from './lexer-table';

/**
 * pygments.lexer.DelegatingLexer and do_insertions: template lexers (`html+php`) and console lexers lex the text
 * twice, the "language" lexer marking what it does not own with a needle token type, which the "root" lexer gets;
 * the language lexer's tokens are then inserted back at their positions, splitting root tokens where needed.
 */

/** Tokens to insert before position `index` of the text the root lexer saw. */
export type Insertion = [index: number, tokens: Token[]];

export function delegatingTokens(lexer: Lexer, text: string, out: Token[]): void {
  const { delegating } = lexer.table;
  if (delegating === undefined) throw new Error(`${lexer.className} has no delegating lexers`);
  let buffered = '';
  const insertions: Insertion[] = [];
  let pending: Token[] = [];
  for (const token of lexer.other(delegating.language, lexer.options).tokensUnprocessed(text)) {
    if (token[1] === delegating.needle) {
      if (pending.length > 0) {
        insertions.push([buffered.length, pending]);
        pending = [];
      }
      buffered += token[2];
    } else pending.push(token);
  }
  if (pending.length > 0) insertions.push([buffered.length, pending]);
  doInsertions(insertions, lexer.other(delegating.root, lexer.options).tokensUnprocessed(buffered), out);
}

/** pygments.lexer.do_insertions, positions included (they matter when a delegating lexer is itself delegated to). */
export function doInsertions(insertions: readonly Insertion[], tokens: readonly Token[], out: Token[]): void {
  if (insertions.length === 0) {
    for (const token of tokens) out.push(token);
    return;
  }
  let next = 0;
  let [index, inserted] = insertions[next++] ?? [0, []];
  let insertionsLeft = true;
  let realPos: number | null = null;
  const emit = (type: string, value: string): void => {
    out.push([realPos ?? 0, type, value]);
    realPos = (realPos ?? 0) + value.length;
  };
  const advance = (): void => {
    const insertion = insertions[next++];
    if (insertion === undefined) insertionsLeft = false;
    else [index, inserted] = insertion;
  };
  for (const [i, type, value] of tokens) {
    realPos ??= i;
    let oldI = 0;
    while (insertionsLeft && i + value.length >= index) {
      // Python's v[oldi:index - i]; slice counts negative bounds from the end as Python does
      const before = value.slice(oldI, index - i);
      if (before !== '') emit(type, before);
      for (const [, insertedType, insertedValue] of inserted) emit(insertedType, insertedValue);
      oldI = index - i;
      advance();
    }
    if (oldI < value.length) emit(type, value.slice(oldI));
  }
  // leftover insertions past the end of the text
  while (insertionsLeft) {
    realPos ??= 0;
    for (const [, insertedType, insertedValue] of inserted) emit(insertedType, insertedValue);
    advance();
  }
}
