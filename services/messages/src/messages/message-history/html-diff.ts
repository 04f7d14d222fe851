/**
 * Zulip's `content_html_diff`: the newer rendering with the words it added marked
 * `highlight_text_inserted` and the words it lost put back marked `highlight_text_deleted`, in a
 * `<div>`. Words are compared without their markup; the markup kept is the newer one's, so the
 * result is well-formed whatever changed. Zulip computes it with lxml's htmldiff, whose exact
 * placement of markup around changes this does not reproduce.
 */

/** Beyond this many word pairs after trimming what both share, the middle is shown as replaced whole. */
const MAX_COMPARED_PAIRS = 4_000_000;

type Token = { tag: string } | { word: string };

const TOKEN = /<[^>]*>|[^<\s]+\s*|\s+/g;

function tokenize(html: string): Token[] {
  return (html.match(TOKEN) ?? []).map((t) => (t.startsWith('<') ? { tag: t } : { word: t }));
}

const wordOf = (t: Token): string | null => ('word' in t ? t.word.trimEnd() : null);

/** For each word of `after`, whether `before` has it in the longest common subsequence; and the words of `before` it lost, by where they go. */
function compare(before: string[], after: string[]): { kept: boolean[]; lostBefore: string[][] } {
  const kept = after.map(() => false);
  const lostBefore: string[][] = Array.from({ length: after.length + 1 }, () => []);
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) kept[start++] = true;
  let endB = before.length;
  let endA = after.length;
  while (endB > start && endA > start && before[endB - 1] === after[endA - 1]) {
    kept[--endA] = true;
    endB--;
  }
  const n = endB - start;
  const m = endA - start;
  if (n * m > MAX_COMPARED_PAIRS) {
    lostBefore[start]!.push(...before.slice(start, endB));
    return { kept, lostBefore };
  }
  // lengths[i * (m + 1) + j]: the longest common subsequence of before[start+i..] and after[start+j..].
  const lengths = new Uint32Array((n + 1) * (m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lengths[i * (m + 1) + j] =
        before[start + i] === after[start + j]
          ? lengths[(i + 1) * (m + 1) + j + 1]! + 1
          : Math.max(lengths[(i + 1) * (m + 1) + j]!, lengths[i * (m + 1) + j + 1]!);
    }
  }
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (before[start + i] === after[start + j]) {
      kept[start + j] = true;
      i++;
      j++;
    } else if (lengths[(i + 1) * (m + 1) + j]! >= lengths[i * (m + 1) + j + 1]!) {
      lostBefore[start + j]!.push(before[start + i++]!);
    } else j++;
  }
  while (i < n) lostBefore[start + j]!.push(before[start + i++]!);
  return { kept, lostBefore };
}

const deleted = (words: string[]): string => `<span class="highlight_text_deleted">${words.join(' ')}</span>`;

export function htmlDiff(before: string, after: string): string {
  const oldWords = tokenize(before)
    .map(wordOf)
    .filter((w): w is string => w !== null && w !== '');
  const tokens = tokenize(after);
  const newWords = tokens.map(wordOf).filter((w): w is string => w !== null && w !== '');
  const { kept, lostBefore } = compare(oldWords, newWords);
  let out = '';
  let inserting = false;
  const endInsert = () => {
    if (inserting) out += '</span>';
    inserting = false;
  };
  let w = 0;
  for (const token of tokens) {
    const word = wordOf(token);
    if (word === null || word === '') {
      endInsert();
      out += 'tag' in token ? token.tag : token.word;
      continue;
    }
    if (lostBefore[w]!.length > 0) {
      endInsert();
      out += deleted(lostBefore[w]!) + ' ';
    }
    if (kept[w]) endInsert();
    else if (!inserting) {
      out += '<span class="highlight_text_inserted">';
      inserting = true;
    }
    out += (token as { word: string }).word;
    w++;
  }
  endInsert();
  if (lostBefore[w]!.length > 0) out += deleted(lostBefore[w]!);
  return `<div>${out}</div>`;
}
