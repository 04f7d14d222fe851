import type * as Re2Module from 're2-wasm';

export type PatternCheck = { ok: true; groups: Set<string> } | { ok: false; error: string };

/**
 * Zulip compiles linkifier patterns with Google's RE2 (`(?P<name>...)` groups, no backtracking
 * features), so this uses the same library, built to WebAssembly (no native build). The error
 * text is RE2's own, as in Zulip's `Bad regular expression: <error>`.
 */
export function checkPattern(pattern: string): PatternCheck {
  try {
    const compiled = new (re2())(pattern, 'u') as unknown as { groupNames: Record<string, string> };
    return { ok: true, groups: new Set(Object.values(compiled.groupNames)) };
  } catch (error) {
    return { ok: false, error: re2Error(pattern, error instanceof Error ? error.message : String(error)) };
  }
}

/**
 * Loaded on the first pattern checked (Node's module cache keeps it from there on): compiling
 * RE2's WebAssembly and its memory cost an idle service ~6 MB of RSS, and only an administrator
 * adding or changing a linkifier needs it.
 */
function re2(): typeof Re2Module.RE2 {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a synchronous lazy load
  return (require('re2-wasm') as typeof Re2Module).RE2;
}

/**
 * re2-wasm escapes each bare `/` of the pattern (JavaScript literal syntax) before RE2 sees it, and
 * wraps RE2's message as `Invalid regular expression: /<escaped>/u: <message>`. This unwraps it
 * and, when the pattern had no `\/` of its own, undoes the escaping in the quoted part, so the
 * text is what RE2 says about the pattern as written.
 */
function re2Error(pattern: string, message: string): string {
  const escaped = pattern.replace(/(^|[^\\])((?:\\\\)*)\//g, '$1$2\\/');
  const prefix = `Invalid regular expression: /${escaped}/u: `;
  const text = message.startsWith(prefix) ? message.slice(prefix.length) : message.replace(/^Invalid regular expression: /, '');
  return pattern.includes('\\/') ? text : text.replaceAll('\\/', '/');
}
