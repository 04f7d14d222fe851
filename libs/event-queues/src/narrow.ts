import { RESOLVED_TOPIC_PREFIX } from '@zulip-es/contracts';

/**
 * Zulip's `narrow` of an event queue (`POST /register`): `[operator, operand]` terms that every
 * `message` event queued must satisfy; other events are not filtered.
 */
export type EventNarrow = readonly (readonly [operator: string, operand: string])[];

const CHANNEL_OPERATORS = ['channel', 'stream'];
const SUPPORTED_OPERATORS = [...CHANNEL_OPERATORS, 'topic', 'sender', 'is'];

/**
 * Zulip's `check_narrow_for_events`: the operators a queue can filter on. Returns the message of
 * the error Zulip raises (a 400 `BAD_REQUEST`) for the first term it cannot, else null.
 */
export function eventNarrowError(narrow: EventNarrow): string | null {
  for (const [operator, operand] of narrow) {
    if (!SUPPORTED_OPERATORS.includes(operator)) return `Operator ${operator} not supported.`;
    if (operator === 'is' && operand === 'followed') return `Operand ${operand} not supported.`;
  }
  return null;
}

/** Only `is` operands that a message's flags or kind decide; Zulip lets the others through. */
const IS_TOKENS: Readonly<Record<string, string>> = {
  dm: 'is:dm',
  private: 'is:dm',
  starred: 'is:starred',
  unread: 'is:unread',
  alerted: 'is:mentioned',
  mentioned: 'is:mentioned',
  resolved: 'is:resolved',
};

/** A token no message has: a term whose operand could not be a channel, topic or email. */
const NEVER = 'never';

/**
 * The narrow as tokens that a message's traits (`messageTraits`) must all include: Zulip's
 * `build_narrow_predicate`, with operands compared without case.
 */
export function narrowTokens(narrow: EventNarrow): string[] {
  return narrow.flatMap(([operator, operand]): string[] => {
    if (operand.includes('\n')) return [NEVER];
    if (CHANNEL_OPERATORS.includes(operator)) return [`channel:${operand.toLowerCase()}`];
    if (operator === 'topic' || operator === 'sender') return [`${operator}:${operand.toLowerCase()}`];
    const token = operator === 'is' ? IS_TOKENS[operand] : undefined;
    return token ? [token] : [];
  });
}

export interface NarrowedMessage {
  /** The channel's name and the topic; absent for a direct message. */
  channel?: { name: string; topic: string };
  /** The `sender_email` the message event shows. */
  senderEmail: string;
  /** The reader's flags. */
  flags: readonly string[];
}

/** What a narrow may ask of a message for one reader, as tokens. */
export function messageTraits({ channel, senderEmail, flags }: NarrowedMessage): string[] {
  return [
    ...(channel
      ? [
          `channel:${channel.name.toLowerCase()}`,
          `topic:${channel.topic.toLowerCase()}`,
          ...(channel.topic.startsWith(RESOLVED_TOPIC_PREFIX) ? ['is:resolved'] : []),
        ]
      : ['is:dm']),
    `sender:${senderEmail.toLowerCase()}`,
    ...(flags.includes('starred') ? ['is:starred'] : []),
    ...(flags.includes('read') ? [] : ['is:unread']),
    ...(flags.includes('mentioned') ? ['is:mentioned'] : []),
  ];
}
