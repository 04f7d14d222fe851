import { runAction } from './actions';
import { compiledStates, stateRules, type CompiledRule } from './compiled-states';
import type { Lexer } from './lexer';
import type { LexerContext } from './lexer-context';
import type { NewState, Token } from './lexer-table';
import { RegexMatch } from './match';

/**
 * The two loops of pygments/lexer.py, transcribed so that every corner (error tokens, the reset to `root` at a
 * newline nothing matches, when an ExtendedRegexLexer re-reads its state after a callback) behaves as in Python:
 * the output must be byte-identical to Pygments'.
 */

/** RegexLexer.get_tokens_unprocessed */
export function regexLexerTokens(lexer: Lexer, text: string, stack: readonly string[], out: Token[]): void {
  const states = compiledStates(lexer.className);
  const stateStack = [...stack];
  let rules = stateRules(states, top(stateStack));
  let pos = 0;
  for (;;) {
    lexer.deadline.step();
    const found = firstMatch(rules, text, pos);
    if (found !== null) {
      const [rule, match] = found;
      const action = rule.action;
      if (typeof action === 'string') out.push([pos, action, match[0]]);
      else if (action !== null) runAction(lexer, action, new RegexMatch(match), null, out);
      pos = match.index + match[0].length;
      if (rule.newState !== null) {
        applyNewState(stateStack, rule.newState);
        rules = stateRules(states, top(stateStack));
      }
      continue;
    }
    if (pos >= text.length) break;
    if (text[pos] === '\n') {
      stateStack.length = 0;
      stateStack.push('root');
      rules = stateRules(states, 'root');
      out.push([pos, 'Token.Text.Whitespace', '\n']);
      pos += 1;
      continue;
    }
    const char = String.fromCodePoint(text.codePointAt(pos) ?? 0);
    out.push([pos, 'Token.Error', char]);
    pos += char.length;
  }
}

/** ExtendedRegexLexer.get_tokens_unprocessed, on a context callbacks may move. */
export function extendedLexerTokens(lexer: Lexer, ctx: LexerContext, out: Token[]): void {
  const states = compiledStates(lexer.className);
  const text = ctx.text;
  let rules = stateRules(states, top(ctx.stack));
  let subject = text;
  for (;;) {
    lexer.deadline.step();
    // Python's pattern.match(text, pos, endpos) sees the text as if it ended at endpos.
    if (subject.length !== ctx.end) subject = ctx.end >= text.length ? text : text.slice(0, ctx.end);
    const found = firstMatch(rules, subject, ctx.pos);
    if (found !== null) {
      const [rule, match] = found;
      const { action, newState } = rule;
      if (typeof action === 'string') {
        out.push([ctx.pos, action, match[0]]);
        ctx.pos = match.index + match[0].length;
      } else if (action !== null) {
        runAction(lexer, action, new RegexMatch(match), ctx, out);
        if (newState === null || (Array.isArray(newState) && newState.length === 0)) rules = stateRules(states, top(ctx.stack));
      }
      if (newState !== null) {
        applyNewState(ctx.stack, newState);
        rules = stateRules(states, top(ctx.stack));
      }
      continue;
    }
    if (ctx.pos >= ctx.end || ctx.pos >= text.length) break;
    if (text[ctx.pos] === '\n') {
      ctx.stack = ['root'];
      rules = stateRules(states, 'root');
      out.push([ctx.pos, 'Token.Text', '\n']);
      ctx.pos += 1;
      continue;
    }
    const char = String.fromCodePoint(text.codePointAt(ctx.pos) ?? 0);
    out.push([ctx.pos, 'Token.Error', char]);
    ctx.pos += char.length;
  }
}

/** The first rule of the state that matches at `pos`, in order, as Pygments tries them. */
function firstMatch(rules: readonly CompiledRule[], text: string, pos: number): [CompiledRule, RegExpExecArray] | null {
  for (const rule of rules) {
    rule.regex.lastIndex = pos;
    const match = rule.regex.exec(text);
    if (match !== null) return [rule, match];
  }
  return null;
}

const top = (stack: readonly string[]): string => stack[stack.length - 1] ?? 'root';

/** The state change of a rule: a tuple of states (with `#pop`/`#push`), `#push`, or `#pop:n` as -n. */
export function applyNewState(stack: string[], newState: Exclude<NewState, null>): void {
  if (Array.isArray(newState)) {
    for (const state of newState) {
      if (state === '#pop') {
        if (stack.length > 1) stack.pop();
      } else stack.push(state === '#push' ? top(stack) : state);
    }
  } else if (typeof newState === 'number') {
    // Python: `del statestack[new_state:]` when abs(new_state) < len(statestack), else keep only the first state
    stack.length = Math.abs(newState) >= stack.length ? 1 : stack.length + newState;
  } else {
    stack.push(top(stack));
  }
}
