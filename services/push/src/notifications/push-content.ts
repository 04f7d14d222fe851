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
