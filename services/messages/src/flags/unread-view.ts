import { allIds, taggedIdsAmong, visitTaggedAmong, type ListReader } from '../messages/message-lists/message-list';
import { ListKeys } from '../messages/message.state';
import type { MessagesRepository } from '../projection/messages.repository';
import { receivedRunAmong, receivedRunBetween, startsUnread, type Arrival, type ReceivedSources } from './received-messages';
import { concatRuns, ReceivedRun } from './received-run';
import { FlagLists, MAX_UNREAD_MESSAGES, noUserFlags, type UserFlagsState } from './user-flags.state';
import { mutedWhenSent, type MutedUsersState } from '../muted-users/muted-users.state';

/** The unread messages of a user, newest first, and whether older ones were left out. */
export interface UnreadMessages {
  run: ReceivedRun;
  oldUnreadsMissing: boolean;
}

/**
 * What a user has unread, from their flags (see `user-flags.state.ts`) and the lists of what they
 * received: the unread list up to `recordedThrough`, and after it every message received in a
 * channel they are subscribed to, or directly, that its sender did not send as read and whose
 * sender the user had not muted. Reads only lists: no message document.
 */
export class UnreadView {
  private constructor(
    private readonly lists: ListReader,
    readonly flags: UserFlagsState,
    readonly sources: ReceivedSources,
    private readonly muted: MutedUsersState,
  ) {}

  static async load(repo: MessagesRepository, userId: number): Promise<UnreadView> {
    const [flags, subscriptions, muted] = await Promise.all([
      repo.userFlagsOf(userId),
      repo.subscriptionsOf(userId),
      repo.mutedUsersOf(userId),
    ]);
    const active = subscriptions.subscriptions.filter((s) => s.active);
    const channels = await Promise.all(
      active.map(async ({ channelId }) => ({ channelId, history: await repo.subscriptionHistoryOf(userId, channelId) })),
    );
    return new UnreadView(repo.lists, flags ?? noUserFlags(userId), { userId, channels }, muted);
  }

  get userId(): number {
    return this.flags.userId;
  }

  /** The messages after `recordedThrough`, up to `through`, that the user has unread: newest first, at most `limit`. */
  async unrecorded(through: number, limit = MAX_UNREAD_MESSAGES): Promise<ReceivedRun> {
    let unread = ReceivedRun.EMPTY;
    // Newest first, a window at a time: the user's own messages (read) are left out on the way.
    for (let upTo = through; unread.length < limit;) {
      const wanted = limit - unread.length;
      const window = await receivedRunBetween(this.lists, this.sources, this.flags.recordedThrough, upTo, wanted);
      unread = concatRuns(
        unread,
        window.filter((id, arrival) => this.arrivesUnread(id, arrival)),
      );
      if (window.length < wanted) break;
      upTo = window.ids[window.length - 1]! - 1;
    }
    return unread;
  }

  /** Which of `ids` (ascending) the user has unread. */
  async unreadAmong(ids: readonly number[]): Promise<Set<number>> {
    const through = this.flags.recordedThrough;
    const recorded = ids.filter((id) => id <= through);
    const later = ids.filter((id) => id > through);
    const [listed, received] = await Promise.all([
      taggedIdsAmong(this.lists, FlagLists.unread(this.userId), recorded),
      receivedRunAmong(this.lists, this.sources, later, true),
    ]);
    const unread = new Set(listed.map((e) => e.id));
    for (let i = 0; i < received.length; i++) if (this.arrivesUnread(received.ids[i]!, received.arrival(i))) unread.add(received.ids[i]!);
    return unread;
  }

  /** A message arrives unread unless its sender sent it read, or the user had muted its sender. */
  private arrivesUnread(id: number, arrival: Arrival): boolean {
    return startsUnread(this.userId, arrival) && !(this.mutesAnyone && mutedWhenSent(this.muted, arrival.senderId, id));
  }

  /** Whether the user mutes, or has muted, anyone: most never did, and the check runs for every message. */
  private get mutesAnyone(): boolean {
    return this.muted.muted.length > 0 || this.muted.past.length > 0;
  }

  /**
   * Every unread message through `through` with its place, newest first, at most
   * MAX_UNREAD_MESSAGES: recorded ones are placed by the lists of the channels the user is
   * subscribed to (one in no such list any more, deleted or moved away, is left out).
   */
  async all(through: number): Promise<UnreadMessages> {
    const [recordedIds, later] = await Promise.all([
      allIds(this.lists, FlagLists.unread(this.userId)),
      this.unrecorded(through, MAX_UNREAD_MESSAGES + 1),
    ]);
    const recorded = await receivedRunAmong(this.lists, this.sources, recordedIds, false);
    // Newest first: the later ones, then the recorded ones (ascending) reversed.
    const both = concatRuns(later, recorded.reversed());
    return { run: both.first(MAX_UNREAD_MESSAGES), oldUnreadsMissing: both.length > MAX_UNREAD_MESSAGES };
  }

  /**
   * Of these unread messages, those that mention the user (by name, as a topic's participant, or
   * the whole channel): only the chunks of the user's mentions list that hold one of them are read.
   */
  async mentioning(messages: ReceivedRun): Promise<Set<number>> {
    const mentioned = new Set<number>();
    for (let i = 0; i < messages.length; i++) if (messages.arrival(i).channelWildcard) mentioned.add(messages.ids[i]!);
    if (messages.length === 0) return mentioned;
    await visitTaggedAmong(this.lists, ListKeys.mentions(this.userId), messages.ids.slice().sort(), (id) => mentioned.add(id));
    return mentioned;
  }
}
