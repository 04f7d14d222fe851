import type { Callback } from '../callbacks';
import type { Lexer } from '../lexer';
import { LexerContext } from '../lexer-context';
import type { Token } from '../lexer-table';
import { extendedLexerTokens } from '../regex-lexer';

/**
 * YamlLexer (pygments/lexers/data.py) tracks indentation in its context to tell block scalars and plain scalars
 * from what follows them; these are its callbacks, with the arguments their Python closures captured.
 */
export function yamlTokens(lexer: Lexer, text: string, stack: string[] | undefined): Token[] {
  if (stack !== undefined) throw new Error('YamlLexer.get_tokens_unprocessed takes no stack');
  const out: Token[] = [];
  extendedLexerTokens(lexer, new LexerContext(text, 0), out);
  return out;
}

const context = (ctx: LexerContext | null): LexerContext => {
  if (ctx === null) throw new Error('YamlLexer callbacks need a context');
  return ctx;
};
const str = (value: unknown): string => String(value);

export const yamlCallbacks: Record<string, Callback> = {
  'YamlLexer.something': (_lexer, match, ctx, out, { token_class }) => {
    const text = match.group() ?? '';
    if (text === '') return;
    out.push([match.start(), str(token_class), text]);
    context(ctx).pos = match.end();
  },

  'YamlLexer.reset_indent': (_lexer, match, ctx, out, { token_class }) => {
    const c = context(ctx);
    c.indentStack = [];
    c.indent = -1;
    c.nextIndent = 0;
    c.blockScalarIndent = null;
    out.push([match.start(), str(token_class), match.group() ?? '']);
    c.pos = match.end();
  },

  'YamlLexer.save_indent': (_lexer, match, ctx, out, { token_class, start }) => {
    const c = context(ctx);
    let text = match.group() ?? '';
    let extra = '';
    if (start) {
      c.nextIndent = text.length;
      if (c.nextIndent < c.indent) {
        while (c.nextIndent < c.indent) c.indent = c.indentStack.pop() ?? -1;
        if (c.nextIndent > c.indent) {
          extra = text.slice(c.indent);
          text = text.slice(0, c.indent);
        }
      }
    } else {
      c.nextIndent += text.length;
    }
    if (text !== '') out.push([match.start(), str(token_class), text]);
    if (extra !== '') out.push([match.start() + text.length, `${str(token_class)}.Error`, extra]);
    c.pos = match.end();
  },

  'YamlLexer.set_indent': (_lexer, match, ctx, out, { token_class, implicit }) => {
    const c = context(ctx);
    const text = match.group() ?? '';
    if (c.indent < c.nextIndent) {
      c.indentStack.push(c.indent);
      c.indent = c.nextIndent;
    }
    if (!implicit) c.nextIndent += text.length;
    out.push([match.start(), str(token_class), text]);
    c.pos = match.end();
  },

  'YamlLexer.set_block_scalar_indent': (_lexer, match, ctx, out, { token_class }) => {
    const c = context(ctx);
    const text = match.group() ?? '';
    c.blockScalarIndent = null;
    if (text === '') return;
    const increment = match.group(1);
    if (increment) c.blockScalarIndent = Math.max(c.indent, 0) + parseInt(increment, 10);
    out.push([match.start(), str(token_class), text]);
    c.pos = match.end();
  },

  'YamlLexer.parse_block_scalar_empty_line': (_lexer, match, ctx, out, { indent_token_class, content_token_class }) => {
    const c = context(ctx);
    const text = match.group() ?? '';
    if (c.blockScalarIndent === null || text.length <= c.blockScalarIndent) {
      if (text !== '') out.push([match.start(), str(indent_token_class), text]);
    } else {
      out.push([match.start(), str(indent_token_class), text.slice(0, c.blockScalarIndent)]);
      out.push([match.start() + c.blockScalarIndent, str(content_token_class), text.slice(c.blockScalarIndent)]);
    }
    c.pos = match.end();
  },

  'YamlLexer.parse_block_scalar_indent': (_lexer, match, ctx, out, { token_class }) => {
    const c = context(ctx);
    const text = match.group() ?? '';
    if (c.blockScalarIndent === null) {
      if (text.length <= Math.max(c.indent, 0)) return popTwice(c);
      c.blockScalarIndent = text.length;
    } else if (text.length < c.blockScalarIndent) {
      return popTwice(c);
    }
    if (text !== '') {
      out.push([match.start(), str(token_class), text]);
      c.pos = match.end();
    }
  },

  'YamlLexer.parse_plain_scalar_indent': (_lexer, match, ctx, out, { token_class }) => {
    const c = context(ctx);
    const text = match.group() ?? '';
    if (text.length <= c.indent) return popTwice(c);
    if (text !== '') {
      out.push([match.start(), str(token_class), text]);
      c.pos = match.end();
    }
  },
};

/** The scalar ends: leave its state and the one that opened it. */
function popTwice(c: LexerContext): void {
  c.stack.pop();
  c.stack.pop();
}
