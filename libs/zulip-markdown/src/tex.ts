import type * as Katex from 'katex';

/**
 * KaTeX as Zulip's server runs it (`web/server/katex_server.ts`: `katex.renderToString(content, {displayMode})`, every
 * other option at its default), so the HTML is byte for byte what a server on the same KaTeX version produces. Versions
 * differ in details (Zulip's test fixture matches 0.16.30; 0.16.35 splits some runs of letters differently, 0.16.45
 * also rounds margins to 4 decimals), so matching a given server means pinning its KaTeX version.
 *
 * Returns null when the TeX cannot be rendered: Zulip's `render_tex` gives None on a parse error (HTTP 400 from its
 * KaTeX service) and on any other failure of the service alike, and callers then show the TeX in a `tex-error` span.
 * Here that means any exception, including a stack overflow on absurdly deep nesting; KaTeX's default `maxExpand`
 * (1000 macro expansions) and `maxSize` stay in force, which is what keeps hostile macros from running forever.
 *
 * `strict: 'ignore'` rather than the default `'warn'`: the two render identically (KaTeX only differs in printing a
 * console warning for LaTeX-incompatible input), and a service should not write to the console for user input.
 */
export function renderTex(tex: string, display: boolean): string | null {
  try {
    return katex().renderToString(tex, { displayMode: display, strict: 'ignore' });
  } catch {
    return null;
  }
}

let loaded: typeof Katex | undefined;

/** Loaded with the first TeX rendered: KaTeX costs a service that renders none about 10 MB. */
function katex(): typeof Katex {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a synchronous lazy load
  loaded ??= require('katex') as typeof Katex;
  return loaded;
}
