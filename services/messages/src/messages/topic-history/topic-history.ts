import { idsBefore, type Chunk, type ListHead, type ListReader } from '../message-lists/message-list';
import { ListKeys } from '../message.state';
import { received as wasReceived, type SubscriptionHistoryState } from '../subscription-history.state';
import { NEWEST, TOPIC_INDEX_CHUNK, topicIndexKey } from './topic-index';
import type { TopicIndexStore } from './topic-index-store';

/** One topic as `GET /users/me/{stream_id}/topics` shows it. */
export interface TopicHistoryEntry {
  name: string;
  max_id: number;
}

const newestFirst = (a: TopicHistoryEntry, b: TopicHistoryEntry): number => b.max_id - a.max_id;

/** Zulip's `get_topic_history_for_public_stream`: the channel's most recent topics, from the index alone. */
export async function wholeTopicHistory(index: TopicIndexStore, channelId: number, limit: number): Promise<TopicHistoryEntry[]> {
  const ids = await idsBefore(index, topicIndexKey(channelId), NEWEST, limit);
  return ids.map((id) => ({ name: index.nameOf(id), max_id: id }));
}

export interface ReceivedTopicsDeps {
  index: TopicIndexStore;
  /** The message id lists (topics' lists are read here). */
  lists: ListReader;
  /** The topic of a message, as it names it (undefined: no such message). */
  topicOf(messageId: number): Promise<string | undefined>;
}

/**
 * Zulip's `get_topic_history_for_stream` for a channel whose history is protected: only the
 * topics of messages the user received, each with the newest of those and named as that message
 * names it, most recent first, at most `limit`. The index is walked from the newest topic down to
 * the user's first received message: a topic whose newest message the user received is answered
 * from the index; for another, the topic's own list is read around each of the user's
 * subscription periods (and for messages moved in while subscribed). At most `scanLimit` topics
 * are looked at.
 */
export async function receivedTopicHistory(
  deps: ReceivedTopicsDeps,
  channelId: number,
  history: SubscriptionHistoryState | null,
  limit: number,
  scanLimit: number,
): Promise<TopicHistoryEntry[]> {
  const lowest = lowestReceived(history);
  if (lowest === undefined) return [];
  const received = receivedIn(history!);
  const lists = memoized(deps.lists);
  const found: TopicHistoryEntry[] = [];
  // Once `limit` topics are found, a topic can only enter with a newer message than this.
  let threshold = 0;
  let scanned = 0;
  let anchor = NEWEST;
  for (;;) {
    const batch = await idsBefore(deps.index, topicIndexKey(channelId), anchor, TOPIC_INDEX_CHUNK);
    for (const newest of batch) {
      if (newest < lowest || newest <= threshold || scanned >= scanLimit) return found.sort(newestFirst);
      scanned += 1;
      const name = deps.index.nameOf(newest);
      const last = wasReceived(history, newest) ? newest : await lastReceivedIn(lists, ListKeys.topic(channelId, name), newest, received);
      if (last === undefined) continue;
      found.push({ name: last === newest ? name : ((await deps.topicOf(last)) ?? name), max_id: last });
      if (found.length > limit || (found.length === limit && threshold === 0)) {
        found.sort(newestFirst).splice(limit);
        threshold = found[limit - 1]!.max_id;
      }
    }
    if (batch.length < TOPIC_INDEX_CHUNK) return found.sort(newestFirst);
    anchor = batch.at(-1)!;
  }
}

/** The lowest message id the user may have received in the channel (undefined: none). */
function lowestReceived(history: SubscriptionHistoryState | null): number | undefined {
  // Not Math.min(...ids): messages moved in may be more than a spread takes.
  const starts = [...(history?.intervals.map((i) => i.from) ?? []), ...(history?.movedIn ?? [])];
  return starts.length > 0 ? starts.reduce((lowest, id) => Math.min(lowest, id), Infinity) : undefined;
}

/** What the user received, as `lastReceivedIn` walks it: subscription periods, and messages moved in (newest first). */
interface Received {
  intervals: SubscriptionHistoryState['intervals'];
  movedInNewestFirst: number[];
}

const receivedIn = (history: SubscriptionHistoryState): Received => ({
  intervals: history.intervals,
  movedInNewestFirst: [...(history.movedIn ?? [])].sort((a, b) => b - a),
});

/**
 * The newest message of a topic's list below `below` that the user received: for each
 * subscription period, the newest message of the topic up to its end; then the messages moved in
 * while subscribed that are newer than that, newest first (each a look into the topic's list,
 * whose chunks are read once).
 */
async function lastReceivedIn(lists: ListReader, topicList: string, below: number, received: Received): Promise<number | undefined> {
  let best = 0;
  for (const { from, to } of received.intervals) {
    if (from > below) continue;
    const [candidate] = await idsBefore(lists, topicList, Math.min(below, to ?? below) + 1, 1);
    if (candidate !== undefined && candidate >= from && candidate > best) best = candidate;
  }
  for (const id of received.movedInNewestFirst) {
    if (id <= best) break;
    if (id >= below) continue;
    const [candidate] = await idsBefore(lists, topicList, id + 1, 1);
    if (candidate === id) return id;
  }
  return best > 0 ? best : undefined;
}

/** A reader that reads each head and chunk once (a request looks at one topic's list several times). */
function memoized(reader: ListReader): ListReader {
  const heads = new Map<string, Promise<ListHead | null>>();
  const chunks = new Map<string, Promise<Chunk>>();
  return {
    head: (key) => heads.get(key) ?? (heads.set(key, reader.head(key)), heads.get(key)!),
    chunk: (key, no) => chunks.get(`${key}#${no}`) ?? (chunks.set(`${key}#${no}`, reader.chunk(key, no)), chunks.get(`${key}#${no}`)!),
  };
}
