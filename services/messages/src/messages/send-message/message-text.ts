import { MAX_MESSAGE_LENGTH, MAX_TOPIC_LENGTH, REALM_EMPTY_TOPIC_DISPLAY_NAME } from '@zulip-es/contracts';
import { badRequest } from '@zulip-es/platform';

const TRUNCATED = '\n[message truncated]';

/** Zulip's `normalize_body`: trailing whitespace and leading newlines go; too long is cut, not refused. */
export function normalizeContent(raw: string): string {
  const body = raw.trimEnd().replace(/^\n+/, '');
  if (body.length === 0) throw badRequest('Message must not be empty');
  if (body.includes('\u0000')) throw badRequest('Message must not contain null bytes');
  return cutToMessageLength(body);
}

/** Zulip's cut of a message over its length limit: what fits, then `[message truncated]`. */
export function cutToMessageLength(body: string): string {
  const chars = [...body];
  return chars.length > MAX_MESSAGE_LENGTH ? chars.slice(0, MAX_MESSAGE_LENGTH - TRUNCATED.length).join('') + TRUNCATED : body;
}

/**
 * Zulip's topic handling when sending: stripped, control characters refused, `(no topic)` and
 * the organization's display name of the empty topic read as the empty topic, longer than 60
 * code points cut to 57 and `...`.
 */
export function normalizeTopic(raw: string): string {
  const topic = raw.trim();
  const bad = [...topic].findIndex((c) => /[\u0000-\u001f\u007f-\u009f\ufffe\uffff]/.test(c));
  if (bad >= 0) throw badRequest(`Invalid character in topic, at position ${bad + 1}!`);
  if (topic === '(no topic)' || topic === REALM_EMPTY_TOPIC_DISPLAY_NAME) return '';
  const chars = [...topic];
  return chars.length > MAX_TOPIC_LENGTH ? chars.slice(0, MAX_TOPIC_LENGTH - 3).join('') + '...' : topic;
}
