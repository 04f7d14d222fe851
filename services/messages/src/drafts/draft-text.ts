import { MAX_MESSAGE_LENGTH, MAX_TOPIC_LENGTH } from '@zulip-es/contracts';
import { badRequest } from '@zulip-es/platform';

/** Zulip's `truncate_content`: lengths in code points, the marker counted in the limit. */
function truncate(text: string, maxLength: number, marker: string): string {
  const chars = [...text];
  return chars.length > maxLength ? chars.slice(0, maxLength - [...marker].length).join('') + marker : text;
}

/**
 * Zulip's `normalize_body` (zerver/lib/message.py), which drafts share with messages: trailing
 * whitespace and leading newlines go, an empty or NUL-carrying body is refused, and a body over
 * the limit is cut with a marker rather than refused.
 */
export function normalizeDraftContent(content: string): string {
  const body = content.trimEnd().replace(/^\n+/, '');
  if (body.length === 0) throw badRequest('Message must not be empty');
  if (body.includes('\0')) throw badRequest('Message must not contain null bytes');
  return truncate(body, MAX_MESSAGE_LENGTH, '\n[message truncated]');
}

/** Zulip's `truncate_topic`: a topic over 60 code points is cut to 57 and `...`, not refused. */
export const truncateDraftTopic = (topic: string): string => truncate(topic, MAX_TOPIC_LENGTH, '...');
