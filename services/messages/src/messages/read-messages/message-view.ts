import { createHash } from 'node:crypto';
import { REALM_EMPTY_TOPIC_DISPLAY_NAME } from '@zulip-es/contracts';
import type { ReadRealm } from '../../users-read-model/realm-settings';
import { apiEmail, type ReadUser } from '../../users-read-model/users-read-model';
import type { MessageState } from '../message.state';
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
}

const gravatarUrl = (email: string): string => `https://secure.gravatar.com/avatar/${createHash('md5').update(email.toLowerCase()).digest('hex')}?d=identicon&version=1`;

/**
 * Zulip's message dictionary (`MessageDict`). Names and emails are the users' current ones.
 * This server keeps no per-user message flags: every message reads as `read`; reactions and
 * submessages are not implemented (always empty).
 */
export function messageView(message: MessageState, lookups: MessageViewLookups, options: MessageViewOptions): Record<string, unknown> {
  const sender = lookups.user(message.senderId);
  const senderEmail = sender ? apiEmail(sender, lookups.realm) : '';
  const base = {
    id: message.messageId,
    sender_id: message.senderId,
    sender_full_name: sender?.fullName ?? '',
    sender_email: senderEmail,
    sender_realm_str: '',
    content: options.applyMarkdown ? message.renderedContent : message.content,
    content_type: options.applyMarkdown ? 'text/html' : 'text/x-markdown',
    timestamp: message.timestamp,
    client: message.client,
    recipient_id: message.recipientId,
    is_me_message: isMeMessage(message.content),
    reactions: [],
    submessages: [],
    flags: ['read'],
    topic_links: [],
    avatar_url: options.clientGravatar || !sender ? null : gravatarUrl(sender.deliveryEmail),
    ...(message.editHistory !== undefined ? { edit_history: message.editHistory } : {}),
    ...(message.lastEditTimestamp !== undefined ? { last_edit_timestamp: message.lastEditTimestamp } : {}),
    ...(message.lastMovedTimestamp !== undefined ? { last_moved_timestamp: message.lastMovedTimestamp } : {}),
  };
  const { conversation } = message;
  if (conversation.type === 'channel') {
    const subject = conversation.topic === '' && !options.allowEmptyTopicName ? REALM_EMPTY_TOPIC_DISPLAY_NAME : conversation.topic;
    return { ...base, type: 'stream', display_recipient: lookups.channelName(conversation.channelId), stream_id: conversation.channelId, subject };
  }
  const display = conversation.userIds.map((id) => {
    const user = lookups.user(id);
    return { id, email: user ? apiEmail(user, lookups.realm) : '', full_name: user?.fullName ?? '', is_mirror_dummy: false };
  });
  return { ...base, type: 'private', display_recipient: display, subject: '' };
}
