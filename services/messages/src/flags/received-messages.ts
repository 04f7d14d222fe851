import { visitTaggedAmong, visitTaggedBetween, type ListReader, type VisitTagged } from '../messages/message-lists/message-list';
import { ListKeys } from '../messages/message.state';
import { received, type SubscriptionHistoryState } from '../messages/subscription-history.state';
import { parseListTag, placeUserIds, type ListTag } from './list-tag';
import { mergeRuns, ReceivedRun, RunWriter } from './received-run';

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
  private readonly arrivals: Arrival[] = [];
  private readonly writer = new RunWriter(this.arrivals);
  private readonly byTag = new Map<string, number>();
  /** Per chunk tag table met, the arrival of each of its tags (-1: not met yet). */
  private readonly byTable = new Map<readonly string[], Int32Array>();
  private lastTable: readonly string[] | undefined;
  private lastTableArrivals: Int32Array = new Int32Array(0);

  constructor(private readonly place: (tag: ListTag) => Place) {}

  readonly add: VisitTagged = (id, tag, table, tagNo) => {
    if (table === undefined || tagNo === undefined) {
      this.writer.push(id, this.arrivalOf(tag));
      return;
    }
    // Tags told apart by their number in the chunk's table: a topic's messages interleave with
    // other topics', and comparing and hashing each one's text was most of a register's time.
    if (table !== this.lastTable) {
      this.lastTable = table;
      this.lastTableArrivals = this.byTable.get(table) ?? new Int32Array(table.length).fill(-1);
      this.byTable.set(table, this.lastTableArrivals);
    }
    let index = this.lastTableArrivals[tagNo]!;
    if (index === -1) index = this.lastTableArrivals[tagNo] = this.arrivalOf(tag);
    this.writer.push(id, index);
  };

  get run(): ReceivedRun {
    return this.writer.run();
  }

  private arrivalOf(tag: string): number {
    let index = this.byTag.get(tag);
    if (index === undefined) {
      const parsed = parseListTag(tag);
      index =
        this.arrivals.push({
          senderId: parsed.senderId,
          senderUnread: parsed.senderUnread,
          channelWildcard: parsed.channelWildcard,
          place: this.place(parsed),
        }) - 1;
      this.byTag.set(tag, index);
    }
    return index;
  }
}

const channelPlace =
  (channelId: number) =>
  (tag: ListTag): Place => ({ type: 'channel', channelId, topic: tag.place });

const directPlaceOf = (tag: ListTag): Place => ({ type: 'direct', userIds: placeUserIds(tag.place) });

/** Whether the user has the message unread unless they marked it read: a sender has read what they sent from Zulip's apps. */
export const startsUnread = (userId: number, message: Pick<Arrival, 'senderId' | 'senderUnread'>): boolean =>
  message.senderId !== userId || message.senderUnread;

/**
 * The messages the user received with ids in `(after, through]`, newest first, at most `limit`:
 * reads only the chunks of their lists that range covers.
 */
export async function receivedRunBetween(
  lists: ListReader,
  sources: ReceivedSources,
  after: number,
  through: number,
  limit: number,
): Promise<ReceivedRun> {
  if (through <= after || limit <= 0) return ReceivedRun.EMPTY;
  // Every source is read at once: a user subscribed to 30 channels waited for 30 reads in turn.
  const reads: Promise<ReceivedRun>[] = [];
  for (const { channelId, history } of sources.channels) {
    // Only the ranges the user was subscribed: a channel's older history is not theirs.
    for (const { from, to } of history?.intervals ?? []) {
      const lo = Math.max(after + 1, from);
      const hi = Math.min(through, to ?? through);
      if (lo <= hi)
        reads.push(runOf(channelPlace(channelId), (add) => visitTaggedBetween(lists, ListKeys.channel(channelId), lo, hi, limit, add)));
    }
    const movedIn = (history?.movedIn ?? []).filter((id) => id > after && id <= through).sort((a, b) => a - b);
    if (movedIn.length > 0)
      reads.push(
        runOf(channelPlace(channelId), (add) => visitTaggedAmong(lists, ListKeys.channel(channelId), movedIn, add)).then((run) =>
          run.reversed(),
        ),
      );
  }
  reads.push(runOf(directPlaceOf, (add) => visitTaggedBetween(lists, ListKeys.userDirect(sources.userId), after + 1, through, limit, add)));
  return mergeRuns(await Promise.all(reads), (a, b) => b - a).first(limit);
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
export async function receivedRunAmong(
  lists: ListReader,
  sources: ReceivedSources,
  ids: readonly number[],
  receivedOnly: boolean,
): Promise<ReceivedRun> {
  if (ids.length === 0) return ReceivedRun.EMPTY;
  const reads = sources.channels.map(({ channelId, history }) =>
    runOf(channelPlace(channelId), (add) => {
      const onlyReceived: VisitTagged = (id, tag, table, tagNo) => {
        if (received(history, id)) add(id, tag, table, tagNo);
      };
      return visitTaggedAmong(lists, ListKeys.channel(channelId), ids, receivedOnly ? onlyReceived : add);
    }),
  );
  reads.push(runOf(directPlaceOf, (add) => visitTaggedAmong(lists, ListKeys.userDirect(sources.userId), ids, add)));
  return mergeRuns(await Promise.all(reads), (a, b) => a - b);
}
