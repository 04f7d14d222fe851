import type { Delivery } from '@zulip-es/platform';
import { avatarUrl, flavoured, namingTopic, type ClientEventsOf } from './client-event';

/** Users mentioned by name (Zulip's `mentioned` flag); silent and wildcard mentions are not. */
export function mentionedUserIds(renderedContent: string): Set<number> {
  const ids = new Set<number>();
  for (const [, id] of renderedContent.matchAll(/<span class="user-mention" data-user-id="(\d+)">/g)) ids.add(Number(id));
  return ids;
}

/**
 * Zulip's `message` event: the message dictionary as the recipients' clients render it, and each
 * recipient's flags (the sender has read it). A channel message goes to the channel's
 * subscribers, a direct message to its participants; only active users get it.
 */
export const messageSent: ClientEventsOf<'message.sent.v1'> = ({ data }, directory) => {
  const sender = directory.user(data.senderId);
  const { conversation } = data;
  const base = {
    id: data.messageId,
    sender_id: data.senderId,
    sender_full_name: sender?.fullName ?? '',
    sender_email: sender ? directory.apiEmail(sender) : '',
    sender_realm_str: '',
    timestamp: Math.floor(Date.parse(data.sentAt) / 1000),
    client: data.client,
    recipient_id: data.recipientId,
    is_me_message: data.content.startsWith('/me ') && !data.content.includes('\n'),
    reactions: [],
    submessages: [],
    topic_links: [],
  };
  const where =
    conversation.type === 'channel'
      ? { type: 'stream', display_recipient: directory.channel(conversation.channelId)?.name ?? '', stream_id: conversation.channelId }
      : {
          type: 'private',
          subject: '',
          display_recipient: conversation.userIds.map((id) => {
            const user = directory.user(id);
            return { id, email: user ? directory.apiEmail(user) : '', full_name: user?.fullName ?? '', is_mirror_dummy: false };
          }),
        };
  const recipients = conversation.type === 'channel' ? [...(directory.channel(conversation.channelId)?.subscribers ?? [])] : conversation.userIds;
  const mentioned = mentionedUserIds(data.renderedContent);
  const byFlags = new Map<string, number[]>();
  for (const userId of recipients) {
    if (!directory.user(userId)?.isActive) continue;
    const flags = [...(userId === data.senderId ? ['read'] : []), ...(mentioned.has(userId) ? ['mentioned'] : [])].join(',');
    byFlags.set(flags, [...(byFlags.get(flags) ?? []), userId]);
  }
  const deliveries = (subject: string) =>
    [...byFlags].map(([flags, userIds]): Delivery => ({
      userIds,
      ...flavoured((flavour) => ({
        type: 'message',
        message: {
          ...base,
          ...where,
          ...(conversation.type === 'channel' ? { subject } : {}),
          avatar_url: sender ? avatarUrl(sender.deliveryEmail, flavour) : null,
          content: flavour.applyMarkdown ? data.renderedContent : data.content,
          content_type: flavour.applyMarkdown ? 'text/html' : 'text/x-markdown',
        },
        flags: flags === '' ? [] : flags.split(','),
      })),
    }));
  return conversation.type === 'channel' ? namingTopic(conversation.topic, deliveries) : deliveries('');
};
