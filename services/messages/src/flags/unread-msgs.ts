import { topicKey } from '../messages/message.state';
import type { Place } from './received-messages';
import type { ReceivedRun } from './received-run';
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
  const pms = new Map<number, Group>();
  const huddles = new Map<string, Group>();
  const streams = new Map<string, { stream_id: number; topic: string; group: Group }>();
  const { run } = unread;
  // Each arrival's group, found once (a run shares a few arrivals among all its messages); the
  // newest message of a topic comes first and names it.
  const groups: Group[] = [];
  const newGroup = (): Group => groups[groups.push({ no: groups.length, ids: [] }) - 1]!;
  const groupAt = new Int32Array(run.arrivals.length).fill(-1);
  for (let i = 0; i < run.length; i++) {
    const at = run.arrivalAt[i]!;
    if (groupAt[at] === -1) groupAt[at] = groupOf(run.arrivals[at]!.place).no;
  }
  fill(run, groups, groupAt);

  function groupOf(where: Place): Group {
    if (where.type === 'direct') {
      const others = where.userIds.filter((u) => u !== userId);
      if (others.length <= 1) return pms.get(others[0] ?? userId) ?? pms.set(others[0] ?? userId, newGroup()).get(others[0] ?? userId)!;
      const users = where.userIds.join(',');
      return huddles.get(users) ?? huddles.set(users, newGroup()).get(users)!;
    }
    const topic = where.topic === '' ? emptyTopic : where.topic;
    const key = `${where.channelId}\u0000${topicKey(topic)}`;
    return (streams.get(key) ?? streams.set(key, { stream_id: where.channelId, topic, group: newGroup() }).get(key)!).group;
  }
  // Zulip sorts its (channel, lowercased topic) keys as Python compares strings: by code point, not by locale.
  const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return {
    count: run.length,
    pms: [...pms]
      .sort(([a], [b]) => a - b)
      .map(([other, { ids }]) => ({ other_user_id: other, sender_id: other, unread_message_ids: ids })),
    streams: [...streams.values()]
      .sort((a, b) => a.stream_id - b.stream_id || byCodePoint(topicKey(a.topic), topicKey(b.topic)))
      .map(({ stream_id, topic, group }) => ({ stream_id, topic, unread_message_ids: group.ids })),
    huddles: [...huddles]
      .sort(([a], [b]) => byCodePoint(a, b))
      .map(([users, { ids }]) => ({ user_ids_string: users, unread_message_ids: ids })),
    mentions: mentionedAmong(run, mentioning).reverse(),
    old_unreads_missing: unread.oldUnreadsMissing,
  };
}

/** The ids of one conversation or topic, and its number among the groups. */
interface Group {
  no: number;
  ids: number[];
}

/**
 * Fills each group (`groupAt`: the number of each arrival's group) with its ids, ascending (the run is
 * newest first): counted first, so that each group's array is made once at its size (grown a
 * push at a time, the array of a topic of 50,000 messages was copied over and over).
 */
function fill(run: ReceivedRun, groups: readonly Group[], groupAt: Int32Array): void {
  const left = new Uint32Array(groups.length);
  for (let i = 0; i < run.length; i++) left[groupAt[run.arrivalAt[i]!]!]!++;
  groups.forEach((group, n) => (group.ids = new Array<number>(left[n]!)));
  for (let i = 0; i < run.length; i++) {
    const n = groupAt[run.arrivalAt[i]!]!;
    groups[n]!.ids[--left[n]!] = run.ids[i]!;
  }
}

/** The ids of `run` that `mentioning` holds, in the run's order. */
function mentionedAmong(run: ReceivedRun, mentioning: ReadonlySet<number>): number[] {
  const mentioned: number[] = [];
  for (let i = 0; i < run.length; i++) if (mentioning.has(run.ids[i]!)) mentioned.push(run.ids[i]!);
  return mentioned;
}
