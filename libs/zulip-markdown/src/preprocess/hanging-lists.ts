const LIST_ITEM = /^[ ]*([*+-]|\d\.)[ ]+(.*)/u;
const FENCE = /^(?<fence>~{3,}|`{3,})[ ]*(?:\{?\.?(?<lang>[a-zA-Z0-9_+\-./#]+)[ ]*(?<header>[^ ~`][^~`]*)?\}?)?$/u;

/**
 * Zulip's MarkdownListPreprocessor: a list right under a line of text (or under a list of the
 * other kind) starts a list all the same, as people type them in chat; inside code fences
 * nothing changes.
 */
export function separateHangingLists(lines: readonly string[]): string[] {
  const out = [...lines];
  const openFences: { fence: string; isCode: boolean }[] = [];
  let inCode = false;
  let inserted = 0;
  for (let i = 0; i < lines.length - 1; i++) {
    const fence = FENCE.exec(lines[i]!);
    if (fence) {
      const { fence: fenceText, lang } = fence.groups as { fence: string; lang?: string };
      const closes = !lang && openFences.length > 0 && openFences.at(-1)!.fence === fenceText;
      if (closes) openFences.pop();
      else openFences.push({ fence: fenceText, isCode: lang !== 'quote' && lang !== 'quoted' });
      inCode = openFences.some((f) => f.isCode);
    }
    const item = LIST_ITEM.exec(lines[i]!);
    const next = LIST_ITEM.exec(lines[i + 1]!);
    const otherKind = item && next && (item[1]!.length === 1) !== (next[1]!.length === 1);
    if (!inCode && lines[i] !== '' && ((next && !item) || otherKind)) {
      out.splice(i + inserted + 1, 0, '');
      inserted++;
    }
  }
  return out;
}
