import { callbackFor } from './callbacks';
import type { Lexer } from './lexer';
import type { LexerContext } from './lexer-context';
import type { Action, Token, UsingAction } from './lexer-table';
import { PseudoMatch, type MatchLike } from './match';

/** A rule's action other than a plain token type: pygments.lexer's `bygroups` and `using`, or a lexer's callback. */
export function runAction(
  lexer: Lexer,
  action: Exclude<Action, null | string>,
  match: MatchLike,
  ctx: LexerContext | null,
  out: Token[],
): void {
  if ('bygroups' in action) bygroups(lexer, action.bygroups, match, ctx, out);
  else if ('using' in action) using(lexer, action, match, ctx, out);
  else {
    const callback = callbackFor(action.callback);
    if (callback === undefined) throw new Error(`callback ${action.callback} is not ported`);
    callback(lexer, match, ctx, out, action.args);
  }
}

/** Each group gets its own action; empty groups yield nothing, as in Pygments. */
function bygroups(lexer: Lexer, actions: Action[], match: MatchLike, ctx: LexerContext | null, out: Token[]): void {
  actions.forEach((action, i) => {
    const data = match.group(i + 1);
    if (action === null || data === undefined) return;
    const start = match.start(i + 1);
    if (typeof action === 'string') {
      if (data !== '') out.push([start, action, data]);
      return;
    }
    if (ctx !== null) ctx.pos = start;
    runAction(lexer, action, new PseudoMatch(start, data), ctx, out);
  });
  if (ctx !== null) ctx.pos = match.end();
}

/** The match is lexed by another lexer (or this class with other options), whose positions are shifted into ours. */
function using(lexer: Lexer, action: UsingAction, match: MatchLike, ctx: LexerContext | null, out: Token[]): void {
  const hasOptions = Object.keys(action.kwargs).length > 0;
  // Pygments passes the outer lexer's options on: kwargs.update(lexer.options)
  const sub =
    action.using === 'this' && !hasOptions
      ? lexer
      : lexer.other(action.using === 'this' ? lexer.className : action.using, { ...action.kwargs, ...lexer.options });
  const offset = match.start();
  for (const [position, type, value] of sub.tokensUnprocessed(match.group() ?? '', action.stack ?? undefined)) {
    out.push([position + offset, type, value]);
  }
  if (ctx !== null) ctx.pos = match.end();
}
