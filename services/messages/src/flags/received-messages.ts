import { taggedIdsAmong, taggedIdsBetween, type ListReader, type TaggedId } from '../messages/message-lists/message-list';
import { ListKeys } from '../messages/message.state';
import type { SubscriptionHistoryState } from '../messages/subscription-history.state';
import { parseListTag, placeUserIds, type ListTag } from './list-tag';

/** Where a message a user received is: a topic of a channel, or a direct conversation. */
export type Place = { type: 'channel'; channelId: number; topic: string } | { type: 'direct'; userIds: number[] };

/** A message a user received, as their lists tell it without its document. */
export interface Received {
  id: number;
  senderId: number;
  /** Its sender sent it from an API client and has not read it. */
  senderUnread: boolean;
  channelWildcard: boolean;
  place: Place;
}

/**
 * The lists a user's unread messages come from: the channels they are subscribed to (their
 * list within the intervals the user was subscribed, and messages moved in meanwhile), and
 * their direct messages. Zulip keeps unread messages only in subscribed channels.
 */
export interface ReceivedSources {
  userId: number;
  channels: { channelId: number; history: SubscriptionHistoryState | null }[];
}

/**
 * Received messages from list entries. Tags repeat (one sender in one topic), so each distinct tag
 * is parsed, and its place made, once per read: 50,000 entries made 150,000 objects before.
 */
const toReceived = (place: (tag: ListTag) => Place) => {
  const byTag = new Map<string, Omit<Received, 'id'>>();
  return (entry: TaggedId): Received => {
    let shared = byTag.get(entry.tag);
    if (!shared) {
      const tag = parseListTag(entry.tag);
      shared = { senderId: tag.senderId, senderUnread: tag.senderUnread, channelWildcard: tag.channelWildcard, place: place(tag) };
      byTag.set(entry.tag, shared);
    }
    return { id: entry.id, ...shared };
  };
};

const receivedIn = (history: SubscriptionHistoryState | null, id: number): boolean =>
  (history?.intervals.some((i) => id >= i.from && (i.to === null || id <= i.to)) ?? false) || (history?.movedIn?.includes(id) ?? false);

/** Whether the user has the message unread unless they marked it read: a sender has read what they sent from Zulip's apps. */
export const startsUnread = (userId: number, message: Pick<Received, 'senderId' | 'senderUnread'>): boolean => message.senderId !== userId || message.senderUnread;

/**
 * The messages the user received with ids in `(after, through]`, newest first, at most `limit`:
 * reads only the chunks of their lists that range covers.
 */
export async function receivedBetween(lists: ListReader, sources: ReceivedSources, after: number, through: number, limit: number): Promise<Received[]> {
  if (through <= after || limit <= 0) return [];
  const found: Received[] = [];
  for (const { channelId, history } of sources.channels) {
    const place = (tag: ListTag): Place => ({ type: 'channel', channelId, topic: tag.place });
    // Only the ranges the user was subscribed: a channel's older history is not theirs.
    for (const { from, to } of history?.intervals ?? []) {
      const lo = Math.max(after + 1, from);
      const hi = Math.min(through, to ?? through);
      if (lo > hi) continue;
      found.push(...(await taggedIdsBetween(lists, ListKeys.channel(channelId), lo, hi, limit)).map(toReceived(place)));
    }
    const movedIn = (history?.movedIn ?? []).filter((id) => id > after && id <= through);
    found.push(...(await taggedIdsAmong(lists, ListKeys.channel(channelId), movedIn)).map(toReceived(place)));
  }
  const direct = await taggedIdsBetween(lists, ListKeys.userDirect(sources.userId), after + 1, through, limit);
  found.push(...direct.map(toReceived((tag) => ({ type: 'direct', userIds: placeUserIds(tag.place) }))));
  return distinct(found.sort((a, b) => b.id - a.id)).slice(0, limit);
}

/**
 * Those of `ids` (ascending) that are in the user's lists, from the chunks that hold them: with
 * `receivedOnly`, only those they received (a channel's earlier history is in its list too).
 */
export async function placesAmong(lists: ListReader, sources: ReceivedSources, ids: readonly number[], receivedOnly: boolean): Promise<Received[]> {
  if (ids.length === 0) return [];
  const found: Received[] = [];
  for (const { channelId, history } of sources.channels) {
    const entries = await taggedIdsAmong(lists, ListKeys.channel(channelId), ids);
    const place = (tag: ListTag): Place => ({ type: 'channel', channelId, topic: tag.place });
    found.push(...entries.filter((e) => !receivedOnly || receivedIn(history, e.id)).map(toReceived(place)));
  }
  const direct = await taggedIdsAmong(lists, ListKeys.userDirect(sources.userId), ids);
  found.push(...direct.map(toReceived((tag) => ({ type: 'direct', userIds: placeUserIds(tag.place) }))));
  return distinct(found.sort((a, b) => a.id - b.id));
}

/** Sorted messages without repeats (a message moved into a channel is in its list and among those moved in). */
const distinct = (sorted: Received[]): Received[] => sorted.filter((m, i) => i === 0 || m.id !== sorted[i - 1]!.id);
