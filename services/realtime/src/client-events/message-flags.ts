import type { MessageFlagsUpdatedV1, MessageFlagsUpdatedV2, UnreadPlace } from '@zulip-es/contracts';
import { REALM_EMPTY_TOPIC_DISPLAY_NAME } from '@zulip-es/contracts';
import type { Delivery } from '@zulip-es/event-queues';
import { toOwner, type ClientEventsOf } from './client-event';

type FlagsChange = Omit<MessageFlagsUpdatedV2['data'], 'places'>;

/**
 * Zulip's `update_message_flags` to the user whose flags changed (`op`, and the legacy
 * `operation`). Removing `read` adds `message_details`, for clients keeping unread counts; a topic
 * there is named as each queue takes the empty topic.
 */
export const messageFlagsUpdated: ClientEventsOf<'message_flags.updated.v2'> = ({ data: { places, ...change } }) =>
  flagsEvents(change, places);

/** Events decided before v2: the same client event, from per-message details. */
export const messageFlagsUpdatedV1: ClientEventsOf<'message_flags.updated.v1'> = ({ data: { details, ...change } }) =>
  flagsEvents(change, details ? placesOfDetails(details) : undefined);

function flagsEvents(change: FlagsChange, places: readonly UnreadPlace[] | undefined): Delivery[] {
  const base = {
    type: 'update_message_flags',
    op: change.op,
    operation: change.op,
    flag: change.flag,
    messages: change.messageIds,
    all: false,
  };
  if (!places) return toOwner(change.userId, base);
  const withDetails = (emptyTopic: string): Delivery['event'] => ({
    ...base,
    message_details: messageDetails(change.userId, places, emptyTopic),
  });
  if (!places.some((p) => p.type === 'stream' && p.topic === '')) return toOwner(change.userId, withDetails(''));
  return [
    { userIds: [change.userId], event: withDetails(''), onlyIf: [{ capability: 'empty_topic_name', present: true }] },
    {
      userIds: [change.userId],
      event: withDetails(REALM_EMPTY_TOPIC_DISPLAY_NAME),
      onlyIf: [{ capability: 'empty_topic_name', present: false }],
    },
  ];
}

/** Zulip's `format_unread_message_details`, by message id: the other users of a direct message, without the owner. */
function messageDetails(ownerId: number, places: readonly UnreadPlace[], emptyTopic: string): Record<string, unknown> {
  const details: Record<string, unknown> = {};
  for (const place of places) {
    const where =
      place.type === 'stream'
        ? {
            type: 'stream',
            stream_id: place.channelId,
            topic: place.topic === '' ? emptyTopic : place.topic,
            unmuted_stream_msg: place.unmutedStreamMsg,
          }
        : { type: 'private', user_ids: place.userIds.filter((u) => u !== ownerId) };
    const mentioned = new Set(place.mentionedIds);
    for (const id of place.messageIds) details[id] = mentioned.has(id) ? { ...where, mentioned: true } : where;
  }
  return details;
}

/** v1's details as places, one per message (their grouping does not change the client event). */
function placesOfDetails(details: NonNullable<MessageFlagsUpdatedV1['data']['details']>): UnreadPlace[] {
  return Object.entries(details).map(([key, d]): UnreadPlace => {
    const id = Number(key);
    const mentioned = d.mentioned ? { mentionedIds: [id] } : {};
    return d.type === 'stream'
      ? { type: 'stream', channelId: d.channelId, topic: d.topic, unmutedStreamMsg: d.unmutedStreamMsg, messageIds: [id], ...mentioned }
      : { type: 'private', userIds: d.userIds, messageIds: [id], ...mentioned };
  });
}

/** Mark all as read: Zulip's event with `all` and no list. */
export const unreadMessagesCleared: ClientEventsOf<'unread_messages.cleared.v1'> = ({ data }) =>
  toOwner(data.userId, { type: 'update_message_flags', op: 'add', operation: 'add', flag: 'read', messages: [], all: true });
