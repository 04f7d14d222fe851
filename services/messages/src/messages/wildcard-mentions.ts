import { DomainError } from '@zulip-es/platform';
import type { RenderContext } from '@zulip-es/zulip-markdown';
import { renderContent } from './render-content';
import { normalizeContent } from './send-message/message-text';

/** Zulip's `Realm.WILDCARD_MENTION_THRESHOLD`: wildcards reach at most this many people freely. */
export const WILDCARD_MENTION_THRESHOLD = 15;

/**
 * Zulip's markup of a channel wildcard (`@**all**`, `@**everyone**`, `@**channel**`, legacy
 * `@**stream**`) and of `@**topic**`; a silent one (`@_**all**`, class `silent`) notifies no one.
 */
const CHANNEL_WILDCARD = '<span class="user-mention channel-wildcard-mention" data-user-id="*">';
const TOPIC_WILDCARD = '<span class="topic-mention">';

export interface WildcardMentions {
  channel: boolean;
  topic: boolean;
}

/** Which wildcard mentions a message makes (Zulip's `MentionData` wildcard flags), read from its rendered HTML. */
export function wildcardMentions(renderedContent: string): WildcardMentions {
  return { channel: renderedContent.includes(CHANNEL_WILDCARD), topic: renderedContent.includes(TOPIC_WILDCARD) };
}

/** Zulip's `@**topic**` as written; a silent one (`@_**topic**`) does not match. */
const TOPIC_WILDCARD_SYNTAX = '@**topic**';

/**
 * Whether `content` (as sent, before normalizing) makes a topic wildcard mention once rendered:
 * only then are the topic's participants read. The text is looked at first, so only content
 * holding the syntax is rendered here (beside the decision's own rendering); content the decision
 * refuses (empty, a NUL) mentions nothing.
 */
export function mentionsTopicWildcard(content: string, render: RenderContext): boolean {
  if (!content.includes(TOPIC_WILDCARD_SYNTAX)) return false;
  try {
    return wildcardMentions(renderContent(normalizeContent(content), render)).topic;
  } catch {
    return false;
  }
}

export interface WildcardAudience {
  /** Active subscribers of the channel. */
  channelSubscribers: number;
  /** Distinct senders of the topic's messages (Zulip's `participants_for_topic`). */
  topicParticipants: number;
  /** Whether the sender is in the organization's `can_mention_many_users_group`. */
  canMentionManyUsers: boolean;
  threshold: number;
}

/**
 * Zulip's `stream_wildcard_mention_allowed` / `topic_wildcard_mention_allowed`, for channel
 * messages (sending and editing): a wildcard reaching more than `threshold` people needs
 * `can_mention_many_users_group`.
 */
export function checkWildcardMentions(mentions: WildcardMentions, audience: WildcardAudience): void {
  if (audience.canMentionManyUsers) return;
  if (mentions.channel && audience.channelSubscribers > audience.threshold) {
    throw new DomainError(
      'STREAM_WILDCARD_MENTION_NOT_ALLOWED',
      'You do not have permission to use channel wildcard mentions in this channel.',
    );
  }
  if (mentions.topic && audience.topicParticipants > audience.threshold) {
    throw new DomainError('TOPIC_WILDCARD_MENTION_NOT_ALLOWED', 'You do not have permission to use topic wildcard mentions in this topic.');
  }
}
