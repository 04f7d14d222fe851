import { messageTraits, type Delivery } from '@zulip-es/platform';
import { avatarUrl, flavoured, namingTopic, type ClientEventsOf } from './client-event';

/** Users mentioned by name (Zulip's `mentioned` flag); silent and wildcard mentions are not. */
export function mentionedUserIds(renderedContent: string): Set<number> {
  const ids = new Set<number>();
  for (const [, id] of renderedContent.matchAll(/<span class="user-mention" data-user-id="(\d+)">/g)) ids.add(Number(id));
  return ids;
}

/** Zulip's `is_me_message`: a one-line message starting with `/me `. */
export const isMeMessage = (content: string): boolean => content.startsWith('/me ') && !content.includes('\n');

/**
 * The readers grouped by their flags for a message (the author has read it, those it mentions by
 * name are `mentioned`): one delivery per group. Groups are built in place, as channels can be large.
 */
export function readersByFlags(readerIds: Iterable<number>, authorId: number, renderedContent: string): [flags: string[], userIds: number[]][] {
  const mentioned = mentionedUserIds(renderedContent);
  const groups = new Map<string, [string[], number[]]>();
  for (const userId of readerIds) {
    const flags = [...(userId === authorId ? ['read'] : []), ...(mentioned.has(userId) ? ['mentioned'] : [])];
    const key = flags.join(',');
    const group = groups.get(key) ?? groups.set(key, [flags, []]).get(key)!;
    group[1].push(userId);
  }
  return [...groups.values()];
}

/**
 * Zulip's `message` event: the message dictionary as the recipients' clients render it, and each
 * recipient's flags (the sender has read it). A channel message goes to the channel's
 * subscribers, a direct message to its participants; only active users get it. A public
 * channel's message also goes, without flags, to the queues registered with `all_public_streams`
 * of those not subscribed. Each carries its traits for the queues' narrows.
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
    is_me_message: isMeMessage(data.content),
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
  const channel = conversation.type === 'channel' ? directory.channel(conversation.channelId) : undefined;
  const recipients = conversation.type === 'channel' ? [...(channel?.subscribers ?? [])] : conversation.userIds;
  const groups = readersByFlags(
    recipients.filter((id) => directory.user(id)?.isActive),
    data.senderId,
    data.renderedContent,
  );
  const narrowed = conversation.type === 'channel' ? { name: channel?.name ?? '', topic: conversation.topic } : undefined;
  const delivery = (subject: string, flags: string[], userIds: number[]): Delivery => ({
    userIds,
    traits: messageTraits({ channel: narrowed, senderEmail: base.sender_email, flags }),
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
      flags,
    })),
  });
  // all_public_streams queues take the flagless readers' delivery; only without one is another made.
  const toAllPublic = channel !== undefined && !channel.inviteOnly;
  const flaglessReaders = groups.some(([flags]) => flags.length === 0);
  const deliveries = (subject: string) => [
    ...groups.map(([flags, userIds]) => ({ ...delivery(subject, flags, userIds), ...(toAllPublic && flags.length === 0 ? { allPublicStreams: true } : {}) })),
    ...(toAllPublic && !flaglessReaders ? [{ ...delivery(subject, [], []), allPublicStreams: true }] : []),
  ];
  return conversation.type === 'channel' ? namingTopic(conversation.topic, deliveries) : deliveries('');
};
