import { VisibilityPolicy, type NotifyMessage, type PushRecipient, type PushTrigger } from '@zulip-es/contracts';
import type { DirectoryUser } from '../../directory/users-directory';
import { mentionsIn, type MessageMentions } from '@zulip-es/message-flags';
import { pushContent } from '../push-content';
import type { PushNewEvent } from '../../shared/push-new-event';

/** What the decision reads: the push service's copies of the users and channels. */
export interface NotificationContext {
  user(userId: number): DirectoryUser | undefined;
  subscribers(channelId: number): ReadonlySet<number>;
  topicPolicy(userId: number, channelId: number, topic: string): VisibilityPolicy;
  /**
   * Whether the user is on Zulip (Zulip: holds an event queue). Pushes then need
   * `enable_online_push_notifications`.
   */
  online(userId: number): boolean;
}

export const notificationAggregateId = (messageId: number): string => `push_notification:${messageId}`;

/**
 * Whom to notify of a sent message, and why (Zulip's `UserMessageNotificationsData`): each
 * active human recipient but the sender, for the first trigger that applies to them.
 */
export function decideNotifyMessage(
  message: NotifyMessage,
  context: NotificationContext,
): PushNewEvent<'push_notification.requested.v1'>[] {
  const recipients: PushRecipient[] = [];
  const about: AboutMessage = {
    mentions: mentionsIn(message.renderedContent),
    topicParticipants: new Set(message.topicParticipantIds ?? []),
  };
  for (const userId of candidates(message, context)) {
    const user = context.user(userId);
    if (!user?.active || user.isBot || userId === message.senderId) continue;
    if (context.online(userId) && !user.settings.enable_online_push_notifications) continue;
    const trigger = triggerFor(user, message, about, context);
    if (trigger) recipients.push({ userId, trigger });
  }
  if (recipients.length === 0) return [];
  const { content, truncated } = pushContent(message.renderedContent);
  const { messageId, senderId, conversation, sentAt } = message;
  return [
    {
      type: 'push_notification.requested.v1',
      aggregateId: notificationAggregateId(messageId),
      sequence: 1,
      data: { messageId, senderId, conversation, sentAt, content, contentTruncated: truncated, recipients },
    },
  ];
}

function candidates(message: NotifyMessage, context: NotificationContext): Iterable<number> {
  return message.conversation.type === 'direct' ? message.conversation.userIds : context.subscribers(message.conversation.channelId);
}

/** What every recipient's trigger reads of the message. */
interface AboutMessage {
  mentions: MessageMentions;
  /** Whom a topic wildcard mention reaches: the topic's earlier senders. */
  topicParticipants: ReadonlySet<number>;
}

/**
 * Zulip's `get_push_notification_trigger`, in its order: the most salient reason wins. Mentions,
 * wildcard ones included, need `enable_offline_push_notifications`, as direct messages do; a
 * personal mention reaches the user even in a topic they muted, a wildcard one does not.
 */
function triggerFor(user: DirectoryUser, message: NotifyMessage, about: AboutMessage, context: NotificationContext): PushTrigger | null {
  const { settings } = user;
  const alerts = settings.enable_offline_push_notifications;
  if (message.conversation.type === 'direct') return alerts ? 'private_message' : null;
  const { mentions } = about;
  if (alerts && mentions.userIds.has(user.userId)) return 'mentioned';
  const policy = context.topicPolicy(user.userId, message.conversation.channelId, message.conversation.topic);
  if (policy === VisibilityPolicy.MUTED) return null;
  const followed = policy === VisibilityPolicy.FOLLOWED;
  const topicWildcard = mentions.topicWildcard && about.topicParticipants.has(user.userId);
  if (alerts && followed && settings.enable_followed_topic_wildcard_mentions_notify) {
    if (topicWildcard) return 'topic_wildcard_mentioned_in_followed_topic';
    if (mentions.channelWildcard) return 'stream_wildcard_mentioned_in_followed_topic';
  }
  if (alerts && settings.wildcard_mentions_notify) {
    if (topicWildcard) return 'topic_wildcard_mentioned';
    if (mentions.channelWildcard) return 'stream_wildcard_mentioned';
  }
  if (followed && settings.enable_followed_topic_push_notifications) return 'followed_topic_push_notify';
  return settings.enable_stream_push_notifications ? 'stream_push_notify' : null;
}
