import type { RenderContext } from '../context';
import { compileLinkifier } from './linear-regex';
import { linkifierSource } from './links';
import { expandUrlTemplate, WEB_LINK_PATTERN } from './url';

export interface TopicLink {
  url: string;
  text: string;
}

interface Found extends TopicLink {
  index: number;
  /** The linkifier's place in the organization's order; none for a bare URL. */
  precedence: number | null;
}

/** Where Zulip cuts a topic to look for bare URLs in each piece. */
const LINK_SPLITTER = /[ !;),'"]/gu;
const BARE_LINK = new RegExp(`^[\\s\\S]*?${WEB_LINK_PATTERN}`, 'u');

/**
 * Zulip's `topic_links`: the links clients show in a topic name. Every linkifier's matches, in
 * the organization's order, then bare URLs; where two overlap, the earlier linkifier wins and
 * linkifiers win over URLs; the result in the order of the topic.
 */
export function topicLinks(topic: string, context: Pick<RenderContext, 'linkifiers'>): TopicLink[] {
  const found: Found[] = [];
  context.linkifiers.forEach((linkifier, precedence) => {
    const source = linkifierSource(linkifier.pattern);
    const regex = compileLinkifier(source);
    if (!regex) return;
    for (let pos = 0; pos < topic.length;) {
      regex.lastIndex = pos;
      const m = regex.exec(topic);
      if (!m) break;
      const {
        linkifier_before_match: _before,
        linkifier_actual_match: text,
        linkifier_after_match: after,
        ...values
      } = m.groups as Record<string, string | undefined>;
      // The character after a match may start the next one; a match that took nothing moves on one.
      pos = Math.max(pos + 1, m.index + m[0].length - (after?.length ?? 0));
      found.push({ url: expandUrlTemplate(linkifier.urlTemplate, values), text: text!, index: m.index, precedence });
    }
  });
  found.sort((a, b) => a.precedence! - b.precedence! || a.index - b.index);
  for (let pos = 0; pos < topic.length;) {
    LINK_SPLITTER.lastIndex = pos;
    const split = LINK_SPLITTER.exec(topic);
    const end = split ? split.index : topic.length;
    const url = BARE_LINK.exec(topic.slice(pos, end))?.groups?.url;
    if (url !== undefined) found.push({ url: withScheme(url), text: url, index: pos, precedence: null });
    pos = end + 1;
  }
  const applied: Found[] = [];
  for (const match of found) if (applied.every((kept) => !overlap(kept, match))) applied.push(match);
  return applied.sort((a, b) => a.index - b.index).map(({ url, text }) => ({ url, text }));
}

const overlap = (a: Found, b: Found): boolean =>
  (b.index <= a.index && a.index < b.index + b.text.length) || (a.index <= b.index && b.index < a.index + a.text.length);

/** Zulip gives a bare URL without a scheme `https://` (a bare domain and path). */
function withScheme(url: string): string {
  if (/^[a-zA-Z][a-zA-Z0-9+.-]*:/u.test(url)) return url;
  return url.startsWith('//') ? `https:${url}` : `https://${url}`;
}
