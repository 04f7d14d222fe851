import { PUSH_CONTENT_MAX } from '@zulip-es/contracts';

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&#x27;': "'" };
const TRUNCATION = '...';

/**
 * A message's rendered HTML as a push shows it (Zulip's `get_mobile_push_content`, for what this
 * server renders: paragraphs, line breaks, links, mentions, code): text without tags, at most
 * PUSH_CONTENT_MAX characters, cut as Zulip's `truncate_content` cuts.
 */
export function pushContent(renderedContent: string): { content: string; truncated: boolean } {
  const text = renderedContent
    .replace(/<br\s*\/?>/g, '\n')
    .replace(/<\/p>\s*<p>/g, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|#x27);/g, (entity) => ENTITIES[entity] ?? entity)
    .trim();
  if (text.length <= PUSH_CONTENT_MAX) return { content: text, truncated: false };
  return { content: text.slice(0, PUSH_CONTENT_MAX - TRUNCATION.length) + TRUNCATION, truncated: true };
}

/** Zulip's markup of a (not silent) channel wildcard mention (`@**all**` and its synonyms) and of `@**topic**`. */
const CHANNEL_WILDCARD = '<span class="user-mention channel-wildcard-mention" data-user-id="*">';
const TOPIC_WILDCARD = '<span class="topic-mention">';

/** Who a message mentions (not silently), from its rendered HTML: users by id, and the channel or topic wildcards. */
export interface Mentions {
  users: ReadonlySet<number>;
  channel: boolean;
  topic: boolean;
}

export function mentionsIn(renderedContent: string): Mentions {
  return { users: mentionedUserIds(renderedContent), channel: renderedContent.includes(CHANNEL_WILDCARD), topic: renderedContent.includes(TOPIC_WILDCARD) };
}

/** The users a message mentions by name (not silently): Zulip's rendered `user-mention` spans. */
export function mentionedUserIds(renderedContent: string): Set<number> {
  return new Set([...renderedContent.matchAll(/<span class="user-mention" data-user-id="(\d+)">/g)].map((m) => Number(m[1])));
}
