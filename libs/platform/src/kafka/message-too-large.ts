/**
 * Whether kafkajs failed to send because the broker refused a record batch over its
 * `message.max.bytes` (protocol error MESSAGE_TOO_LARGE). kafkajs wraps the protocol error in a
 * non-retriable one that keeps it as its cause.
 */
export function isMessageTooLarge(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    if ((current as { type?: unknown }).type === 'MESSAGE_TOO_LARGE') return true;
  }
  return false;
}
