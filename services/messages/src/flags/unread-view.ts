import { allIds, taggedIdsAmong, type ListReader } from '../messages/message-lists/message-list';
import { ListKeys } from '../messages/message.state';
import type { MessagesRepository } from '../projection/messages.repository';
import { placesAmong, receivedBetween, startsUnread, type Received, type ReceivedSources } from './received-messages';
import { FlagLists, MAX_UNREAD_MESSAGES, noUserFlags, type UserFlagsState } from './user-flags.state';
import { mutedWhenSent, type MutedUsersState } from '../muted-users/muted-users.state';

/** The unread messages of a user, newest first, and whether older ones were left out. */
export interface UnreadMessages {
  messages: Received[];
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
    const [flags, subscriptions, muted] = await Promise.all([repo.userFlagsOf(userId), repo.subscriptionsOf(userId), repo.mutedUsersOf(userId)]);
    const active = subscriptions.subscriptions.filter((s) => s.active);
    const channels = await Promise.all(active.map(async ({ channelId }) => ({ channelId, history: await repo.subscriptionHistoryOf(userId, channelId) })));
    return new UnreadView(repo.lists, flags ?? noUserFlags(userId), { userId, channels }, muted);
  }

  get userId(): number {
    return this.flags.userId;
  }

  /** The messages after `recordedThrough`, up to `through`, that the user has unread: newest first, at most `limit`. */
  async unrecorded(through: number, limit = MAX_UNREAD_MESSAGES): Promise<Received[]> {
    const unread: Received[] = [];
    // Newest first, a window at a time: the user's own messages (read) are left out on the way.
    for (let upTo = through; unread.length < limit; ) {
      const wanted = limit - unread.length;
      const window = await receivedBetween(this.lists, this.sources, this.flags.recordedThrough, upTo, wanted);
      unread.push(...window.filter((m) => this.arrivesUnread(m)));
      if (window.length < wanted) break;
      upTo = window[window.length - 1]!.id - 1;
    }
    return unread.slice(0, limit);
  }

  /** Which of `ids` (ascending) the user has unread. */
  async unreadAmong(ids: readonly number[]): Promise<Set<number>> {
    const through = this.flags.recordedThrough;
    const recorded = ids.filter((id) => id <= through);
    const later = ids.filter((id) => id > through);
    const [listed, received] = await Promise.all([
      taggedIdsAmong(this.lists, FlagLists.unread(this.userId), recorded),
      placesAmong(this.lists, this.sources, later, true),
    ]);
    return new Set([...listed.map((e) => e.id), ...received.filter((m) => this.arrivesUnread(m)).map((m) => m.id)]);
  }

  /** A message arrives unread unless its sender sent it read, or the user had muted its sender. */
  private arrivesUnread(message: Received): boolean {
    return startsUnread(this.userId, message) && !mutedWhenSent(this.muted, message.senderId, message.id);
  }

  /**
   * Every unread message through `through` with its place, newest first, at most
   * MAX_UNREAD_MESSAGES: recorded ones are placed by the lists of the channels the user is
   * subscribed to (one in no such list any more, deleted or moved away, is left out).
   */
  async all(through: number): Promise<UnreadMessages> {
    const [recordedIds, later] = await Promise.all([allIds(this.lists, FlagLists.unread(this.userId)), this.unrecorded(through, MAX_UNREAD_MESSAGES + 1)]);
    const recorded = await placesAmong(this.lists, this.sources, recordedIds, false);
    const messages = [...later, ...recorded.reverse()];
    return { messages: messages.slice(0, MAX_UNREAD_MESSAGES), oldUnreadsMissing: messages.length > MAX_UNREAD_MESSAGES };
  }

  /** Of these unread messages, those that mention the user (by name, as a topic's participant, or the whole channel). */
  async mentioning(messages: readonly Received[]): Promise<Set<number>> {
    const named = await taggedIdsAmong(this.lists, ListKeys.mentions(this.userId), messages.map((m) => m.id).sort((a, b) => a - b));
    return new Set([...named.map((e) => e.id), ...messages.filter((m) => m.channelWildcard).map((m) => m.id)]);
  }
}
