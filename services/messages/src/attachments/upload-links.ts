const UPLOADS_PREFIX = '/user_uploads/';
/** A path id runs to the end of the link: whitespace, a closing bracket or quote, a query or fragment. */
const PATH_CHARS = String.raw`[^\s)>\]"'?#]+`;
/** Markdown link targets (`[name](/user_uploads/…)`, `[name](<…>)`), relative to the server. */
const RELATIVE_LINK = new RegExp(String.raw`\]\(\s*<?${UPLOADS_PREFIX}(${PATH_CHARS})`, 'g');
const ABSOLUTE_LINK = new RegExp(String.raw`https?://([^/\s)>\]"'?#]+)${UPLOADS_PREFIX}(${PATH_CHARS})`, 'gi');

/**
 * Zulip's `potential_attachment_path_ids` of a message's Markdown: the path ids of links to
 * `/user_uploads/<path id>`, relative (Markdown link targets) or on this server's own URL (Zulip
 * rewrites links to the realm's URL as relative ones first; `realmHost` null: none known). Each
 * once, in order of appearance. Links to other servers are not uploads of this one.
 */
export function uploadPathIds(content: string, realmHost: string | null): string[] {
  const found: { at: number; pathId: string }[] = [];
  for (const match of content.matchAll(RELATIVE_LINK)) found.push({ at: match.index, pathId: match[1] });
  if (realmHost) {
    const host = realmHost.toLowerCase();
    for (const match of content.matchAll(ABSOLUTE_LINK)) {
      if (match[1].toLowerCase() === host) found.push({ at: match.index, pathId: match[2] });
    }
  }
  return [...new Set(found.sort((a, b) => a.at - b.at).map((f) => f.pathId))];
}
