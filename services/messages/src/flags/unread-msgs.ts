import { topicKey } from '../messages/message.state';
import type { Arrival, Place } from './received-messages';
import type { UnreadMessages } from './unread-view';

/** Zulip's `unread_msgs` of `POST /register` (its `aggregate_unread_data`). */
export interface UnreadMsgs {
  count: number;
  pms: { other_user_id: number; sender_id: number; unread_message_ids: number[] }[];
  streams: { stream_id: number; topic: string; unread_message_ids: number[] }[];
  huddles: { user_ids_string: string; unread_message_ids: number[] }[];
  mentions: number[];
  old_unreads_missing: boolean;
}

/**
 * Pure: the unread messages grouped as Zulip groups them: one-to-one conversations by the other
 * user (a conversation with oneself by oneself), group conversations by their users, channel
 * messages by channel and topic (topics matched without case as they are shown, the empty topic
 * as `emptyTopic`, and named as the newest message names them), ids ascending; `mentions`, those
 * that mention the user.
 */
export function unreadMsgs(userId: number, unread: UnreadMessages, mentioning: ReadonlySet<number>, emptyTopic: string): UnreadMsgs {
  const pms = new Map<number, number[]>();
  const huddles = new Map<string, number[]>();
  const streams = new Map<string, { stream_id: number; topic: string; unread_message_ids: number[] }>();
  // Messages read from one list share their place objects: each is keyed once.
  const byPlace = new Map<Place, number[]>();
  // Newest first: the first message of a topic names it.
  unread.ids.forEach((id, i) => place(id, unread.arrivals[i]!));
  function place(id: number, { place: where }: Arrival): void {
    let ids = byPlace.get(where);
    if (!ids) {
      ids = idsOf(where);
      byPlace.set(where, ids);
    }
    ids.push(id);
  }
  function idsOf(where: Place): number[] {
    if (where.type === 'direct') {
      const others = where.userIds.filter((u) => u !== userId);
      if (others.length <= 1) return pms.get(others[0] ?? userId) ?? pms.set(others[0] ?? userId, []).get(others[0] ?? userId)!;
      const users = where.userIds.join(',');
      return huddles.get(users) ?? huddles.set(users, []).get(users)!;
    }
    const topic = where.topic === '' ? emptyTopic : where.topic;
    const key = `${where.channelId}\u0000${topicKey(topic)}`;
    return (streams.get(key) ?? streams.set(key, { stream_id: where.channelId, topic, unread_message_ids: [] }).get(key)!).unread_message_ids;
  }
  // Given newest first, each group's ids are descending.
  const ascending = (ids: number[]) => ids.reverse();
  // Zulip sorts its (channel, lowercased topic) keys as Python compares strings: by code point, not by locale.
  const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return {
    count: unread.ids.length,
    pms: [...pms].sort(([a], [b]) => a - b).map(([other, ids]) => ({ other_user_id: other, sender_id: other, unread_message_ids: ascending(ids) })),
    streams: [...streams.values()].sort((a, b) => a.stream_id - b.stream_id || byCodePoint(topicKey(a.topic), topicKey(b.topic))).map((s) => ({ ...s, unread_message_ids: ascending(s.unread_message_ids) })),
    huddles: [...huddles].sort(([a], [b]) => byCodePoint(a, b)).map(([users, ids]) => ({ user_ids_string: users, unread_message_ids: ascending(ids) })),
    mentions: ascending(unread.ids.filter((id) => mentioning.has(id))),
    old_unreads_missing: unread.oldUnreadsMissing,
  };
}
