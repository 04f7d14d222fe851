import { RESOLVED_TOPIC_PREFIX } from '@zulip-es/contracts';

export type ResolveToggle = 'resolved' | 'unresolved' | null;

/** Python's `str.lstrip("✔ ")`: any run of check marks and spaces. */
const stripResolvedPrefix = (topic: string): string => topic.replace(/^[✔ ]+/u, '');

/**
 * Zulip's resolve detection (compared before truncation): resolving adds exactly the prefix to
 * the old name; unresolving removes every leading check mark and space from it.
 */
export function resolveToggle(oldTopic: string, newTopic: string): ResolveToggle {
  const wasResolved = oldTopic.startsWith(RESOLVED_TOPIC_PREFIX);
  const isResolved = newTopic.startsWith(RESOLVED_TOPIC_PREFIX);
  if (isResolved && !wasResolved && newTopic.slice(RESOLVED_TOPIC_PREFIX.length) === oldTopic) return 'resolved';
  if (wasResolved && !isResolved && stripResolvedPrefix(oldTopic) === newTopic) return 'unresolved';
  return null;
}
