import { CssClasses } from './css-classes';
import { Deadline } from './deadline';
import { formatHtml } from './html-formatter';
import { Lexer } from './lexer';
import { lexerClassFor, pygments } from './table-loader';

/**
 * Pygments needs milliseconds for a typical block and tens of milliseconds for the worst inputs found within Zulip's
 * 10,000-character message limit; a block still lexing after this long is being fed something quadratic, and
 * rendering it as plain text keeps one message from stalling the service.
 */
export const HIGHLIGHT_BUDGET_MS = 250;

let cssClasses: CssClasses | undefined;

export interface HighlightOptions {
  /** Zulip passes `startinline=True` for fenced code (PHP then needs no `<?php`); CodeHilite's own pass does not. */
  startinline?: boolean;
  budgetMs?: number;
}

/**
 * The HTML Pygments writes inside `<code>` for `text` (already normalized as Pygments' `get_tokens` does) lexed as
 * `language`, as Zulip gets it: `get_lexer_by_name(language, startinline=True)`, HtmlFormatter with its classes.
 * Null when the language is none, unknown, or has no port here, when lexing fails or runs out of time: the caller
 * then shows plain text, which is also what Zulip shows for unknown languages.
 */
export function highlightTokens(text: string, language: string | null, options: HighlightOptions = {}): string | null {
  if (language === null || language === '') return null;
  const { startinline = true, budgetMs = HIGHLIGHT_BUDGET_MS } = options;
  try {
    const className = lexerClassFor(language);
    if (className === null) return null;
    const lexer = new Lexer(className, startinline ? { startinline } : {}, new Deadline(budgetMs));
    const tokens = lexer.tokensUnprocessed(text).map(([, type, value]): [string, string] => [type, value]);
    cssClasses ??= new CssClasses(pygments().standardTypes);
    return formatHtml(tokens, cssClasses);
  } catch {
    return null;
  }
}
