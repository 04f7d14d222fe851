import { topicLinks } from '@zulip-es/zulip-markdown';
import { flagsOf, mentionsIn } from '@zulip-es/message-flags';
import { messageTraits, type Delivery } from '@zulip-es/event-queues';
import { submessageView } from '@zulip-es/zulip-rules';
import { avatarUrl, flavoured, namingTopic, type ClientEventsOf } from './client-event';

/** Zulip's `is_me_message`: a one-line message starting with `/me `. */
export const isMeMessage = (content: string): boolean => content.startsWith('/me ') && !content.includes('\n');

/** What decides a message's flags for its readers as it reaches them. */
export interface FlagSources {
  /** The author (or editor) of the message: they have read it, when `authorRead`. */
  authorId: number;
  authorRead: boolean;
  renderedContent: string;
  /** Those a topic wildcard mention concerns (who sent to the topic before). */
  topicParticipantIds?: readonly number[];
  /** The readers whose alert words the content contains. */
  alertWordUserIds?: readonly number[];
  /** Whether a reader had muted the author: the message reaches them read. */
  mutedAuthor?: (userId: number) => boolean;
}

/**
 * The readers grouped by their flags for a message (`read` for the author who has read it, the
 * mention flags of its rendering): one delivery per group. Groups are built in place, as channels
 * can be large.
 */
export function readersByFlags(readerIds: Iterable<number>, sources: FlagSources): [flags: string[], userIds: number[]][] {
  const mentions = mentionsIn(sources.renderedContent);
  const participants = new Set(sources.topicParticipantIds ?? []);
  const alerted = new Set(sources.alertWordUserIds ?? []);
  const groups = new Map<string, [string[], number[]]>();
  for (const userId of readerIds) {
    const read = (userId === sources.authorId && sources.authorRead) || sources.mutedAuthor?.(userId) === true;
    const flags = flagsOf(
      { read, starred: false, collapsed: false, historical: false, alertWord: alerted.has(userId) },
      mentions,
      userId,
      participants.has(userId),
    );
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
    submessages: (data.submessages ?? []).map((s) => submessageView(data.messageId, s)),
    topic_links: conversation.type === 'channel' ? topicLinks(conversation.topic, directory) : [],
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
    {
      authorId: data.senderId,
      authorRead: data.readBySender !== false,
      renderedContent: data.renderedContent,
      topicParticipantIds: data.topicParticipantIds,
      alertWordUserIds: data.alertWordUserIds,
      mutedAuthor: (userId) => directory.mutedUsers.hasMuted(userId, data.senderId, data.messageId),
    },
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
    ...groups.map(([flags, userIds]) => ({
      ...delivery(subject, flags, userIds),
      ...(toAllPublic && flags.length === 0 ? { allPublicStreams: true } : {}),
    })),
    ...(toAllPublic && !flaglessReaders ? [{ ...delivery(subject, [], []), allPublicStreams: true }] : []),
  ];
  return conversation.type === 'channel' ? namingTopic(conversation.topic, deliveries) : deliveries('');
};
