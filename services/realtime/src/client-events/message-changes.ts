import { topicLinks } from '@zulip-es/zulip-markdown';
import type { Delivery } from '@zulip-es/event-queues';
import type { Directory } from '../directory/directory';
import type { DomainEventOf } from '../domain-event';
import { namingTopic, type ClientEventsOf } from './client-event';
import { isMeMessage, readersByFlags } from './message';

type Conversation = DomainEventOf<'message.sent.v1'>['data']['conversation'];

/** Who is told of changes to a message: the channel's active subscribers, or the conversation's active participants. */
export function readersOf(directory: Directory, conversation: Conversation): number[] {
  if (conversation.type === 'direct') return conversation.userIds.filter((id) => directory.user(id)?.isActive);
  const channel = directory.channel(conversation.channelId);
  return channel ? directory.activeSubscriberIds(channel) : [];
}

const seconds = (iso: string): number => Math.floor(Date.parse(iso) / 1000);

/**
 * Zulip's `update_message` for a content edit, with each reader's flags after it (`read` for the
 * editor, `mentioned` for those the new content mentions).
 */
export const contentEdited: ClientEventsOf<'message.content_edited.v1'> = ({ data }, directory) => {
  if (!data.conversation) return [];
  const { conversation } = data;
  const where =
    conversation.type === 'channel'
      ? { stream_id: conversation.channelId, stream_name: directory.channel(conversation.channelId)?.name ?? '' }
      : {};
  return readersByFlags(readersOf(directory, conversation), {
    authorId: data.editorId,
    authorRead: true,
    renderedContent: data.renderedContent,
    alertWordUserIds: data.alertWordUserIds,
  }).map(([flags, userIds]) => ({
    userIds,
    event: {
      type: 'update_message',
      user_id: data.editorId,
      edit_timestamp: seconds(data.editedAt),
      message_id: data.messageId,
      message_ids: [data.messageId],
      flags,
      rendering_only: false,
      ...where,
      orig_content: data.prevContent,
      orig_rendered_content: data.prevRenderedContent,
      content: data.content,
      rendered_content: data.renderedContent,
      is_me_message: isMeMessage(data.content),
    },
  }));
};

/**
 * Zulip's `update_message` for a move (topic, channel, resolving), to the readers of both
 * places. Readers of the old channel who cannot read the new one (private, not subscribed) get
 * `delete_message` instead: the messages left their view.
 */
export const messagesMoved: ClientEventsOf<'messages.moved.v1'> = ({ data }, directory) => {
  const { from, to } = data;
  const fromReaders = readersOf(directory, { type: 'channel', ...from, topic: from.topic });
  const toReaders = new Set(readersOf(directory, { type: 'channel', ...to }));
  const target = directory.channel(to.channelId);
  const losing = from.channelId !== to.channelId && target?.inviteOnly ? fromReaders.filter((id) => !toReaders.has(id)) : [];
  const told = [...new Set([...fromReaders, ...toReaders])].filter((id) => !losing.includes(id));
  const update = (origSubject: string, subject: string): Delivery => ({
    userIds: told,
    event: {
      type: 'update_message',
      user_id: data.editorId,
      edit_timestamp: seconds(data.movedAt),
      message_id: data.messageId,
      message_ids: data.messageIds,
      flags: [],
      rendering_only: false,
      stream_id: from.channelId,
      stream_name: directory.channel(from.channelId)?.name ?? '',
      propagate_mode: data.propagateMode,
      orig_subject: origSubject,
      ...(from.channelId !== to.channelId ? { new_stream_id: to.channelId } : {}),
      ...(from.topic !== to.topic ? { subject, topic_links: topicLinks(to.topic, directory) } : {}),
    },
  });
  return namingTopic(from.topic, (origSubject) => [
    ...namingTopic(to.topic, (subject) => [update(origSubject, subject)]),
    ...deletions(losing, data.messageIds, { message_type: 'stream', stream_id: from.channelId, topic: origSubject }),
  ]);
};

/** Zulip's `delete_message`: one event with `message_ids` for clients with `bulk_message_deletion`, one per message for the others. */
function deletions(userIds: number[], messageIds: readonly number[], where: Record<string, unknown>): Delivery[] {
  if (userIds.length === 0) return [];
  const bulk = [{ capability: 'bulk_message_deletion', present: true }];
  const single = [{ capability: 'bulk_message_deletion', present: false }];
  return [
    { userIds, event: { type: 'delete_message', message_ids: [...messageIds].sort((a, b) => a - b), ...where }, onlyIf: bulk },
    ...messageIds.map((id): Delivery => ({ userIds, event: { type: 'delete_message', message_id: id, ...where }, onlyIf: single })),
  ];
}

/** Zulip's `delete_message` to the readers, and the channel's new `first_message_id` when its oldest message went. */
export const messagesDeleted: ClientEventsOf<'messages.deleted.v1'> = ({ data }, directory) => {
  const { conversation } = data;
  const readers = readersOf(directory, conversation);
  const channel = conversation.type === 'channel' ? directory.channel(conversation.channelId) : undefined;
  const firstChanged: Delivery[] =
    channel && data.channelFirstMessageId !== undefined
      ? [
          {
            userIds: directory.channelViewerIds(channel),
            event: {
              type: 'stream',
              op: 'update',
              stream_id: channel.channelId,
              name: channel.name,
              property: 'first_message_id',
              value: data.channelFirstMessageId,
            },
          },
        ]
      : [];
  const deleted =
    conversation.type === 'channel'
      ? namingTopic(conversation.topic, (topic) =>
          deletions(readers, data.messageIds, { message_type: 'stream', stream_id: conversation.channelId, topic }),
        )
      : deletions(readers, data.messageIds, { message_type: 'private' });
  return [...deleted, ...firstChanged];
};
