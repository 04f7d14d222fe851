import type { MessageMentions } from './mentions';

/** The flags a user may set and clear on a message (Zulip's `update_message_flags`). */
export const EDITABLE_FLAGS = ['read', 'starred', 'collapsed'] as const;
export type EditableFlag = (typeof EDITABLE_FLAGS)[number];

/**
 * Zulip's flags a user cannot change themselves: named in `update_message_flags`, they get
 * `Flag not editable: '<flag>'`; any other name (`wildcard_mentioned` too, which is only ever
 * reported) gets `Invalid flag: '<flag>'`.
 */
export const NON_EDITABLE_FLAGS = [
  'mentioned',
  'stream_wildcard_mentioned',
  'topic_wildcard_mentioned',
  'has_alert_word',
  'historical',
] as const;

/** What is known of one reader and one message besides its mentions. */
export interface ReaderState {
  read: boolean;
  starred: boolean;
  collapsed: boolean;
  /** The reader did not receive the message (a public channel's history, read later). */
  historical: boolean;
  /** The message matched one of the reader's alert words when it was sent or last edited. */
  alertWord: boolean;
}

/**
 * The reader's flags of a message, in Zulip's order (its UserMessage bit order, `wildcard_mentioned`
 * last when either wildcard applies): `topicParticipant` says whether the reader had sent to the
 * topic before a topic wildcard mention.
 */
export function flagsOf(state: ReaderState, mentions: MessageMentions, readerId: number, topicParticipant: boolean): string[] {
  const topicWildcard = mentions.topicWildcard && topicParticipant;
  const flags: string[] = [];
  if (state.read) flags.push('read');
  if (state.starred) flags.push('starred');
  if (state.collapsed) flags.push('collapsed');
  if (mentions.userIds.has(readerId)) flags.push('mentioned');
  if (mentions.channelWildcard) flags.push('stream_wildcard_mentioned');
  if (topicWildcard) flags.push('topic_wildcard_mentioned');
  if (state.alertWord) flags.push('has_alert_word');
  if (state.historical) flags.push('historical');
  if (mentions.channelWildcard || topicWildcard) flags.push('wildcard_mentioned');
  return flags;
}
