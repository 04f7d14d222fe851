/**
 * A code block without a language lets CodeHilite pick the lexer from the block's first line: `#!lang`,
 * `#!/path/to/lang`, `:::lang` (two or more colons), optionally followed by `hl_lines="1 3"`. Zulip configures
 * `linenums=False`, so a shebang never turns line numbers on. This is `_parseHeader`'s regex, with Python's Unicode
 * `\w` and `\s`. Which blocks keep the line differs: see `path`.
 */
const HEADER_RE =
  /^(?:::+|#!)(?<path>(?:\/[\p{L}\p{N}_]+)*[/ ])?(?<lang>[\p{L}\p{N}_#.+-]*)[\t\n\v\f\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]*(?:hl_lines=(?<quote>["'])(?<lines>[^\n]*?)\k<quote>)?/u;

export interface CodeHiliteHeader {
  /** Lower-cased, possibly empty (then no lexer is found and the block is plain text). */
  language: string;
  /** 1-based lines to mark with `<span class="hll">`. */
  highlightedLines: ReadonlySet<number>;
  /**
   * Whether the line names a path (`#!/usr/bin/env python`, or just a space: `::: python`). Python-Markdown's
   * CodeHilite takes a header without one out of the code; Zulip's override for fenced blocks keeps every header.
   */
  path: boolean;
}

export function codeHiliteHeader(firstLine: string): CodeHiliteHeader | null {
  const match = HEADER_RE.exec(firstLine);
  if (match === null) return null;
  const groups = match.groups ?? {};
  return {
    language: (groups.lang ?? '').toLowerCase(),
    highlightedLines: parseHighlightedLines(groups.lines),
    path: groups.path !== undefined,
  };
}

/** Python-Markdown's `parse_hl_lines`: whitespace-separated integers, or none at all if one is not an integer. */
function parseHighlightedLines(expression: string | undefined): ReadonlySet<number> {
  const words =
    expression?.split(/[\t\n\v\f\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/u).filter((word) => word !== '') ??
    [];
  if (!words.every((word) => /^[+-]?\d+(?:_\d+)*$/.test(word))) return new Set();
  return new Set(words.map((word) => parseInt(word.replaceAll('_', ''), 10)));
}
