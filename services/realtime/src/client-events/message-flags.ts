import type { UnreadMessageDetails } from '@zulip-es/contracts';
import { REALM_EMPTY_TOPIC_DISPLAY_NAME } from '@zulip-es/contracts';
import type { Delivery } from '@zulip-es/platform';
import { toOwner, type ClientEventsOf } from './client-event';

/**
 * Zulip's `update_message_flags` to the user whose flags changed (`op`, and the legacy
 * `operation`). Removing `read` adds `message_details`, for clients keeping unread counts; a topic
 * there is named as each queue takes the empty topic.
 */
export const messageFlagsUpdated: ClientEventsOf<'message_flags.updated.v1'> = ({ data }) => {
  const base = { type: 'update_message_flags', op: data.op, operation: data.op, flag: data.flag, messages: data.messageIds, all: false };
  if (!data.details) return toOwner(data.userId, base);
  const withDetails = (emptyTopic: string): Delivery['event'] => ({ ...base, message_details: messageDetails(data.userId, data.details!, emptyTopic) });
  const namesEmptyTopic = Object.values(data.details).some((d) => d.type === 'stream' && d.topic === '');
  if (!namesEmptyTopic) return toOwner(data.userId, withDetails(''));
  return [
    { userIds: [data.userId], event: withDetails(''), onlyIf: [{ capability: 'empty_topic_name', present: true }] },
    { userIds: [data.userId], event: withDetails(REALM_EMPTY_TOPIC_DISPLAY_NAME), onlyIf: [{ capability: 'empty_topic_name', present: false }] },
  ];
};

/** Zulip's `format_unread_message_details`: the other users of a direct message, without the owner. */
function messageDetails(ownerId: number, details: Record<string, UnreadMessageDetails>, emptyTopic: string): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(details).map(([id, d]) => {
      const mentioned = d.mentioned ? { mentioned: true } : {};
      if (d.type === 'stream') return [id, { type: 'stream', stream_id: d.channelId, topic: d.topic === '' ? emptyTopic : d.topic, unmuted_stream_msg: d.unmutedStreamMsg, ...mentioned }];
      return [id, { type: 'private', user_ids: d.userIds.filter((u) => u !== ownerId), ...mentioned }];
    }),
  );
}

/** Mark all as read: Zulip's event with `all` and no list. */
export const unreadMessagesCleared: ClientEventsOf<'unread_messages.cleared.v1'> = ({ data }) =>
  toOwner(data.userId, { type: 'update_message_flags', op: 'add', operation: 'add', flag: 'read', messages: [], all: true });
