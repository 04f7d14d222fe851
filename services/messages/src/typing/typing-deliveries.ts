import { REALM_EMPTY_TOPIC_DISPLAY_NAME, type MessageConversation, type OperationData, type setTypingStatus } from '@zulip-es/contracts';
import type { Delivery } from '@zulip-es/event-queues';
import { badRequest } from '@zulip-es/platform';
import type { ReadRealm } from '../users-read-model/realm-settings';
import { apiEmail } from '@zulip-es/zulip-rules';
import type { ReadUser, TypingSettings } from '../users-read-model/users-read-model';

export type TypingRequest = OperationData<typeof setTypingStatus>;

export interface TypingLookups {
  realm: ReadRealm;
  user(userId: number): ReadUser | undefined;
  typingSettingsOf(userId: number): TypingSettings;
}

/** What a channel typing notification needs of the channel, once the sender's access is checked. */
export interface TypingChannel {
  channelId: number;
  subscriberIds: readonly number[];
}

/** The lookups of the messages service's copy of users. */
export const typingLookups = (realm: ReadRealm, users: Pick<TypingLookups, 'user' | 'typingSettingsOf'>): TypingLookups => ({
  realm,
  user: (id) => users.user(id),
  typingSettingsOf: (id) => users.typingSettingsOf(id),
});

const person = (lookups: TypingLookups, user: ReadUser) => ({ user_id: user.userId, email: apiEmail(user, lookups.realm) });

/**
 * Who is told: the active users among `userIds` who receive typing notifications, the sender
 * too (Zulip's clients match the sender against their own user and show nothing).
 */
const notified = (lookups: TypingLookups, userIds: readonly number[]): number[] =>
  [...new Set(userIds)].filter((id) => lookups.user(id)?.isActive && lookups.typingSettingsOf(id).receives_typing_notifications);

/**
 * Zulip's MAX_STREAM_SIZE_FOR_TYPING_NOTIFICATIONS: a channel with more active subscribers gets
 * no typing notifications (neither composing nor editing), which would cost a fan-out to every
 * subscriber per keystroke pause.
 */
export const MAX_CHANNEL_SIZE_FOR_TYPING_NOTIFICATIONS = 100;
const tooLargeForTyping = (subscriberIds: readonly number[]): boolean => subscriberIds.length > MAX_CHANNEL_SIZE_FOR_TYPING_NOTIFICATIONS;

/**
 * Zulip's `check_send_typing_notification`: a direct message's participants (the sender added to
 * `to`), each of them an active user of the organization.
 */
export function directTyping(lookups: TypingLookups, sender: ReadUser, request: TypingRequest): Delivery[] {
  if (request.to === undefined) throw badRequest("Missing 'to' argument");
  if (request.to.length === 0) throw badRequest("Empty 'to' list");
  if (!lookups.typingSettingsOf(sender.userId).send_private_typing_notifications)
    throw badRequest('User has disabled typing notifications for direct messages');
  const participants = [...new Set([...request.to, sender.userId])].map((id) => {
    const user = lookups.user(id);
    if (!user || !user.isActive) throw badRequest(`Invalid user ID ${id}`);
    return user;
  });
  const event = {
    type: 'typing',
    op: request.op,
    message_type: 'direct',
    sender: person(lookups, sender),
    recipients: participants.map((u) => person(lookups, u)),
  };
  return [
    {
      userIds: notified(
        lookups,
        participants.map((u) => u.userId),
      ),
      event,
    },
  ];
}

/** What an edit typing notification needs of the message, once the sender's access is checked. */
export interface EditedMessage {
  messageId: number;
  conversation: MessageConversation;
  /** The channel's active subscribers; none for a direct message. */
  subscriberIds: readonly number[];
}

/**
 * Zulip's `typing_edit_message`: to those who would be sent the edit of the message, the
 * subscribers of its channel or the participants of its direct message (the recipient names
 * those told, as Zulip's does). The empty topic is "general chat" to clients without
 * `empty_topic_name`, as in `typing`.
 */
export function editTyping(
  lookups: TypingLookups,
  sender: ReadUser,
  op: TypingRequest['op'],
  { messageId, conversation, subscriberIds }: EditedMessage,
): Delivery[] {
  const event = (recipient: Record<string, unknown>) => ({
    type: 'typing_edit_message',
    op,
    sender_id: sender.userId,
    message_id: messageId,
    recipient,
  });
  if (conversation.type === 'direct') {
    const told = notified(lookups, conversation.userIds);
    return [{ userIds: told, event: event({ type: 'direct', user_ids: told }) }];
  }
  if (tooLargeForTyping(subscriberIds)) return [];
  const userIds = notified(lookups, subscriberIds);
  const channel = (topic: string) => event({ type: 'channel', channel_id: conversation.channelId, topic });
  if (conversation.topic !== '') return [{ userIds, event: channel(conversation.topic) }];
  return [
    { userIds, event: channel(''), onlyIf: [{ capability: 'empty_topic_name', present: true }] },
    { userIds, event: channel(REALM_EMPTY_TOPIC_DISPLAY_NAME), onlyIf: [{ capability: 'empty_topic_name', present: false }] },
  ];
}

/**
 * Zulip's `do_send_stream_typing_notification`: the channel's subscribers, only to clients that
 * declared `stream_typing_notifications`; the empty topic is "general chat" to clients without
 * `empty_topic_name`.
 */
export function channelTyping(
  lookups: TypingLookups,
  sender: ReadUser,
  request: TypingRequest & { topic: string },
  channel: TypingChannel,
): Delivery[] {
  if (!lookups.typingSettingsOf(sender.userId).send_stream_typing_notifications)
    throw badRequest('User has disabled typing notifications for channel messages');
  if (tooLargeForTyping(channel.subscriberIds)) return [];
  const userIds = notified(lookups, channel.subscriberIds);
  const event = (topic: string) => ({
    type: 'typing',
    op: request.op,
    message_type: 'stream',
    sender: person(lookups, sender),
    stream_id: channel.channelId,
    topic,
  });
  const streamTyping = { capability: 'stream_typing_notifications', present: true };
  if (request.topic !== '') return [{ userIds, event: event(request.topic), onlyIf: [streamTyping] }];
  return [
    { userIds, event: event(''), onlyIf: [streamTyping, { capability: 'empty_topic_name', present: true }] },
    { userIds, event: event(REALM_EMPTY_TOPIC_DISPLAY_NAME), onlyIf: [streamTyping, { capability: 'empty_topic_name', present: false }] },
  ];
}
