import { visitTaggedAmong, visitTaggedBetween, type ListReader, type VisitTagged } from '../messages/message-lists/message-list';
import { ListKeys } from '../messages/message.state';
import type { SubscriptionHistoryState } from '../messages/subscription-history.state';
import { parseListTag, placeUserIds, type ListTag } from './list-tag';

/** Where a message a user received is: a topic of a channel, or a direct conversation. */
export type Place = { type: 'channel'; channelId: number; topic: string } | { type: 'direct'; userIds: number[] };

/** How a message reached a user, as their lists tell it: the same for every message of one list tag. */
export interface Arrival {
  senderId: number;
  /** Its sender sent it from an API client and has not read it. */
  senderUnread: boolean;
  channelWildcard: boolean;
  place: Place;
}

/** A message a user received, as their lists tell it without its document. */
export interface Received extends Arrival {
  id: number;
}

/**
 * Received messages as two columns: `arrivals[i]` is how `ids[i]` arrived, one object shared by
 * every message of one list tag. A register of 50,000 unread messages made an object per
 * message, and most of its time went to collecting them.
 */
export interface ReceivedRun {
  ids: number[];
  arrivals: Arrival[];
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

/** Collects list entries into a run, parsing each distinct tag, and making its place, once. */
class RunBuilder {
  readonly run: ReceivedRun = { ids: [], arrivals: [] };
  private readonly byTag = new Map<string, Arrival>();
  private lastTag: string | undefined;
  private last: Arrival | undefined;

  constructor(private readonly place: (tag: ListTag) => Place) {}

  readonly add = (id: number, tag: string): void => {
    // Neighbours in a list mostly share their tag: one comparison instead of a lookup.
    if (tag !== this.lastTag) {
      this.lastTag = tag;
      this.last = this.byTag.get(tag);
      if (!this.last) {
        const parsed = parseListTag(tag);
        this.last = { senderId: parsed.senderId, senderUnread: parsed.senderUnread, channelWildcard: parsed.channelWildcard, place: this.place(parsed) };
        this.byTag.set(tag, this.last);
      }
    }
    this.run.ids.push(id);
    this.run.arrivals.push(this.last!);
  };
}

const channelPlace =
  (channelId: number) =>
  (tag: ListTag): Place => ({ type: 'channel', channelId, topic: tag.place });

const directPlaceOf = (tag: ListTag): Place => ({ type: 'direct', userIds: placeUserIds(tag.place) });

const receivedIn = (history: SubscriptionHistoryState | null, id: number): boolean =>
  (history?.intervals.some((i) => id >= i.from && (i.to === null || id <= i.to)) ?? false) || (history?.movedIn?.includes(id) ?? false);

/** Whether the user has the message unread unless they marked it read: a sender has read what they sent from Zulip's apps. */
export const startsUnread = (userId: number, message: Pick<Arrival, 'senderId' | 'senderUnread'>): boolean => message.senderId !== userId || message.senderUnread;

/**
 * The messages the user received with ids in `(after, through]`, newest first, at most `limit`:
 * reads only the chunks of their lists that range covers.
 */
export async function receivedRunBetween(lists: ListReader, sources: ReceivedSources, after: number, through: number, limit: number): Promise<ReceivedRun> {
  if (through <= after || limit <= 0) return { ids: [], arrivals: [] };
  // Every source is read at once: a user subscribed to 30 channels waited for 30 reads in turn.
  const reads: Promise<ReceivedRun>[] = [];
  for (const { channelId, history } of sources.channels) {
    // Only the ranges the user was subscribed: a channel's older history is not theirs.
    for (const { from, to } of history?.intervals ?? []) {
      const lo = Math.max(after + 1, from);
      const hi = Math.min(through, to ?? through);
      if (lo <= hi) reads.push(runOf(channelPlace(channelId), (add) => visitTaggedBetween(lists, ListKeys.channel(channelId), lo, hi, limit, add)));
    }
    const movedIn = (history?.movedIn ?? []).filter((id) => id > after && id <= through).sort((a, b) => a - b);
    if (movedIn.length > 0) reads.push(runOf(channelPlace(channelId), (add) => visitTaggedAmong(lists, ListKeys.channel(channelId), movedIn, add)).then(reversed));
  }
  reads.push(runOf(directPlaceOf, (add) => visitTaggedBetween(lists, ListKeys.userDirect(sources.userId), after + 1, through, limit, add)));
  return firstOf(mergeRuns(await Promise.all(reads), (a, b) => b - a), limit);
}

/** The run a visit of one list makes, its entries placed by `place`. */
async function runOf(place: (tag: ListTag) => Place, visit: (add: VisitTagged) => Promise<unknown>): Promise<ReceivedRun> {
  const builder = new RunBuilder(place);
  await visit(builder.add);
  return builder.run;
}

/**
 * Those of `ids` (ascending) that are in the user's lists, ascending, from the chunks that hold
 * them: with `receivedOnly`, only those they received (a channel's earlier history is in its
 * list too).
 */
export async function receivedRunAmong(lists: ListReader, sources: ReceivedSources, ids: readonly number[], receivedOnly: boolean): Promise<ReceivedRun> {
  if (ids.length === 0) return { ids: [], arrivals: [] };
  const reads = sources.channels.map(({ channelId, history }) =>
    runOf(channelPlace(channelId), (add) => {
      const received: VisitTagged = (id, tag) => {
        if (receivedIn(history, id)) add(id, tag);
      };
      return visitTaggedAmong(lists, ListKeys.channel(channelId), ids, receivedOnly ? received : add);
    }),
  );
  reads.push(runOf(directPlaceOf, (add) => visitTaggedAmong(lists, ListKeys.userDirect(sources.userId), ids, add)));
  return mergeRuns(await Promise.all(reads), (a, b) => a - b);
}

/** The first `limit` messages of a run: the run itself when it holds no more (a copy of 50,000 ids is not free). */
export const firstOf = (run: ReceivedRun, limit: number): ReceivedRun =>
  run.ids.length <= limit ? run : { ids: run.ids.slice(0, limit), arrivals: run.arrivals.slice(0, limit) };

/** One object per message, for callers that handle few of them. */
export const receivedOf = ({ ids, arrivals }: ReceivedRun): Received[] => ids.map((id, i) => ({ id, ...arrivals[i]! }));

/** See `receivedRunBetween`. */
export const receivedBetween = async (lists: ListReader, sources: ReceivedSources, after: number, through: number, limit: number): Promise<Received[]> =>
  receivedOf(await receivedRunBetween(lists, sources, after, through, limit));

/** See `receivedRunAmong`. */
export const placesAmong = async (lists: ListReader, sources: ReceivedSources, ids: readonly number[], receivedOnly: boolean): Promise<Received[]> =>
  receivedOf(await receivedRunAmong(lists, sources, ids, receivedOnly));

const reversed = ({ ids, arrivals }: ReceivedRun): ReceivedRun => ({ ids: ids.reverse(), arrivals: arrivals.reverse() });

/**
 * Runs each sorted by `order` and without repeats, as one run sorted alike without repeats (a
 * message moved into a channel is in its list and among those moved in): merged two at a time.
 */
function mergeRuns(runs: ReceivedRun[], order: (a: number, b: number) => number): ReceivedRun {
  let pending = runs.filter((r) => r.ids.length > 0);
  if (pending.length === 0) return { ids: [], arrivals: [] };
  while (pending.length > 1) {
    const next: ReceivedRun[] = [];
    for (let i = 0; i < pending.length; i += 2) next.push(i + 1 < pending.length ? mergeTwo(pending[i]!, pending[i + 1]!, order) : pending[i]!);
    pending = next;
  }
  return pending[0]!;
}

function mergeTwo(a: ReceivedRun, b: ReceivedRun, order: (a: number, b: number) => number): ReceivedRun {
  const out: ReceivedRun = { ids: [], arrivals: [] };
  let i = 0;
  let j = 0;
  while (i < a.ids.length && j < b.ids.length) {
    const compared = order(a.ids[i]!, b.ids[j]!);
    if (compared <= 0) {
      out.ids.push(a.ids[i]!);
      out.arrivals.push(a.arrivals[i++]!);
      if (compared === 0) j++;
    } else {
      out.ids.push(b.ids[j]!);
      out.arrivals.push(b.arrivals[j++]!);
    }
  }
  appendFrom(out, a, i);
  appendFrom(out, b, j);
  return out;
}

function appendFrom(out: ReceivedRun, run: ReceivedRun, start: number): void {
  for (let k = start; k < run.ids.length; k++) {
    out.ids.push(run.ids[k]!);
    out.arrivals.push(run.arrivals[k]!);
  }
}
