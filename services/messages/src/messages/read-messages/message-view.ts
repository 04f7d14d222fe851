import { createHash } from 'node:crypto';
import { REALM_EMPTY_TOPIC_DISPLAY_NAME, type MessageReply } from '@zulip-es/contracts';
import { apiEmail, submessageView } from '@zulip-es/zulip-rules';
import type { ReadRealm } from '../../users-read-model/realm-settings';
import type { ReadUser } from '../../users-read-model/users-read-model';
import type { EditHistoryEntry, MessageState, StoredReaction } from '../message.state';
import { isMeMessage } from '../render-content';

export interface MessageViewOptions {
  applyMarkdown: boolean;
  clientGravatar: boolean;
  allowEmptyTopicName: boolean;
}

export interface MessageViewLookups {
  realm: ReadRealm;
  user(userId: number): ReadUser | undefined;
  channelName(channelId: number): string;
  /** Zulip's `topic_links` of a topic name (the organization's linkifiers and bare URLs); none when absent. */
  topicLinks?(topic: string): { url: string; text: string }[];
}

const gravatarUrl = (email: string): string =>
  `https://secure.gravatar.com/avatar/${createHash('md5').update(email.toLowerCase()).digest('hex')}?d=identicon&version=1`;

/**
 * Zulip's message dictionary (`MessageDict`), with the reader's `flags`. Names and emails are the
 * users' current ones. Submessages are not implemented (always empty).
 */
export function messageView(
  message: MessageState,
  lookups: MessageViewLookups,
  options: MessageViewOptions,
  flags: readonly string[] = ['read'],
): MessageReply {
  const sender = lookups.user(message.senderId);
  const senderEmail = sender ? apiEmail(sender, lookups.realm) : '';
  const base = {
    id: message.messageId,
    sender_id: message.senderId,
    sender_full_name: sender?.fullName ?? '',
    sender_email: senderEmail,
    sender_realm_str: '',
    content: options.applyMarkdown ? message.renderedContent : message.content,
    content_type: options.applyMarkdown ? ('text/html' as const) : ('text/x-markdown' as const),
    timestamp: message.timestamp,
    client: message.client,
    recipient_id: message.recipientId,
    is_me_message: isMeMessage(message.content),
    reactions: (message.reactions ?? []).map(reactionView),
    submessages: (message.submessages ?? []).map((s) => submessageView(message.messageId, s)),
    flags: [...flags],
    avatar_url: options.clientGravatar || !sender ? null : gravatarUrl(sender.deliveryEmail),
    ...visibleEditHistory(message.editHistory, lookups.realm.messageEditHistoryVisibilityPolicy),
    ...(message.lastEditTimestamp !== undefined ? { last_edit_timestamp: message.lastEditTimestamp } : {}),
    ...(message.lastMovedTimestamp !== undefined ? { last_moved_timestamp: message.lastMovedTimestamp } : {}),
  };
  const { conversation } = message;
  if (conversation.type === 'channel') {
    const subject = conversation.topic === '' && !options.allowEmptyTopicName ? REALM_EMPTY_TOPIC_DISPLAY_NAME : conversation.topic;
    return {
      ...base,
      type: 'stream' as const,
      display_recipient: lookups.channelName(conversation.channelId),
      stream_id: conversation.channelId,
      subject,
      topic_links: lookups.topicLinks?.(conversation.topic) ?? [],
    };
  }
  const display = conversation.userIds.map((id) => {
    const user = lookups.user(id);
    return { id, email: user ? apiEmail(user, lookups.realm) : '', full_name: user?.fullName ?? '', is_mirror_dummy: false };
  });
  return { ...base, type: 'private' as const, display_recipient: display, subject: '', topic_links: [] };
}

/** Zulip's reaction in a message payload (the deprecated `user` object left out since feature level 328). */
const reactionView = (r: StoredReaction) => ({
  emoji_name: r.emojiName,
  emoji_code: r.emojiCode,
  reaction_type: r.reactionType,
  user_id: r.userId,
});

/**
 * Zulip's `messages_for_ids` with `visible_edit_history_for_message`: "all" shows every entry,
 * "moves" only moves (a content edit made with a topic change keeps its topic part), "none" no
 * `edit_history` at all. `last_edit_timestamp` and `last_moved_timestamp` do not depend on it.
 */
export function visibleEditHistory(
  history: readonly EditHistoryEntry[] | undefined,
  policy: ReadRealm['messageEditHistoryVisibilityPolicy'],
): { edit_history?: EditHistoryEntry[] } {
  if (history === undefined || policy === 'none') return {};
  if (policy === 'all') return { edit_history: [...history] };
  const moves = history.flatMap((entry) => {
    if (entry.prev_content === undefined) return [entry];
    if (entry.prev_topic === undefined) return [];
    const { prev_content: _content, prev_rendered_content: _rendered, ...move } = entry;
    return [move];
  });
  return { edit_history: moves };
}
