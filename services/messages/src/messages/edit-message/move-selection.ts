import type { PropagateMode } from '@zulip-es/contracts';

export interface TopicMessage {
  messageId: number;
  /** Unix seconds. */
  timestamp: number;
  senderId: number;
}

/** Which of the topic's messages (those the mover can see, sorted by id) a move takes along. */
export function selectMoved(messages: readonly TopicMessage[], target: TopicMessage, mode: PropagateMode): TopicMessage[] {
  if (mode === 'change_one') return [target];
  const selected = mode === 'change_all' ? [...messages] : messages.filter((m) => m.messageId >= target.messageId);
  // The target is always moved, even when the list no longer holds it (it is read by id).
  return selected.some((m) => m.messageId === target.messageId)
    ? selected
    : [...selected, target].sort((a, b) => a.messageId - b.messageId);
}

/** Zulip's grace period on every editing and moving time limit. */
export const EDIT_LIMIT_GRACE_SECONDS = 20;

/** Whether a message sent at `timestamp` is past `limit` (null: none) plus the grace, at `now` (Unix seconds). */
export const pastLimit = (timestamp: number, limit: number | null, now: number): boolean =>
  limit !== null && now - timestamp > limit + EDIT_LIMIT_GRACE_SECONDS;

export interface TimeLimitScan {
  firstAllowedId: number | null;
  allowed: number;
  total: number;
}

/**
 * Zulip's scan of a whole-topic move by someone bound by time limits: which of the topic's
 * messages are recent enough for every applicable limit. Null when all are.
 */
export function scanTimeLimits(messages: readonly TopicMessage[], limits: readonly (number | null)[], now: number): TimeLimitScan | null {
  const allowedMessages = messages.filter((m) => limits.every((limit) => !pastLimit(m.timestamp, limit, now)));
  if (allowedMessages.length === messages.length) return null;
  return { firstAllowedId: allowedMessages[0]?.messageId ?? null, allowed: allowedMessages.length, total: messages.length };
}
