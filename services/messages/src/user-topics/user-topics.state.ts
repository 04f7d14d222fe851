import { REALM_EMPTY_TOPIC_DISPLAY_NAME, type VisibilityPolicy } from '@zulip-es/contracts';
import type { Revised } from '@zulip-es/platform';

/** One topic the user has a policy for (never 0: removing a policy removes the entry). */
export interface UserTopicEntry {
  channelId: number;
  /** As the user first named it; matched case-insensitively. */
  topicName: string;
  visibilityPolicy: Exclude<VisibilityPolicy, 0>;
  /** Unix seconds of the last change. */
  lastUpdated: number;
}

/**
 * Every topic visibility policy of one user (`user_topics:<userId>`), the aggregate of the
 * `user_topic.*` events decided under the user's key. Topic moves and topic deletions (events
 * decided under key `realm`, in another partition) change entries too (through the projection)
 * without touching `version`, which counts only this aggregate's own events; `rev` counts every
 * write (see `reviseOne`).
 *
 * Such a change is placed in the user's history by its `userVersion` (after that event of the
 * user, before the next), so the document is the same whichever partition a consumer reads first:
 * it waits in `pending` while `version` is below it, and yields to a later event of the user for
 * the same topic (`positions`).
 */
export interface UserTopicsState extends Revised {
  userId: number;
  topics: UserTopicEntry[];
  version: number;
  /**
   * For each topic something changed, where its last change stands in the user's history: the
   * sequence of the user's own event, or the `userVersion` of a placed change (a removed policy
   * keeps its position, so an earlier change applied late cannot bring it back). Absent when none.
   */
  positions?: TopicPosition[];
  /** Placed changes whose `userVersion` the document has not reached yet, in the order they came. Absent when none. */
  pending?: PendingChange[];
}

export interface TopicPosition {
  channelId: number;
  topicKey: string;
  userVersion: number;
}

/** A policy change of one user's topic decided under another key, placed after the user's event `userVersion`. */
export interface PendingChange {
  channelId: number;
  topicName: string;
  visibilityPolicy: VisibilityPolicy;
  lastUpdated: number;
  userVersion: number;
  /**
   * The sequence of the event that carries it in the `messages` aggregate (a move or a topic
   * deletion): tells a change delivered again from the same change of another event.
   */
  messagesSequence: number;
}

/** One policy to set (0 removes it), from a user's own request or from a topic move. */
export interface UserTopicChange {
  userId: number;
  channelId: number;
  topicName: string;
  visibilityPolicy: VisibilityPolicy;
  lastUpdated: number;
}

/** A topic move's change of one user's policy, placed after the user's event `userVersion` (see `placeChange`). */
export interface PlacedChange extends UserTopicChange {
  userVersion: number;
}

export const userTopicsAggregateId = (userId: number): string => `user_topics:${userId}`;

export const noUserTopics = (userId: number): UserTopicsState => ({ userId, topics: [], version: 0, rev: 0 });

/** Zulip compares topics with `iexact` (and lower-cases them in its unique index). */
export const topicKey = (topicName: string): string => topicName.toLowerCase();

/**
 * Zulip's `maybe_rename_general_chat_to_empty_topic`: clients without the `empty_topic_name`
 * capability show the "general chat" topic under the realm's display name and send that back.
 */
export const storedTopicName = (topic: string): string => (topic === REALM_EMPTY_TOPIC_DISPLAY_NAME ? '' : topic);

export function findUserTopic(state: UserTopicsState, channelId: number, topicName: string): UserTopicEntry | undefined {
  const key = topicKey(topicName);
  return state.topics.find((t) => t.channelId === channelId && topicKey(t.topicName) === key);
}

export const policyOf = (state: UserTopicsState, channelId: number, topicName: string): VisibilityPolicy =>
  findUserTopic(state, channelId, topicName)?.visibilityPolicy ?? 0;

const byChannelAndTopic = (a: UserTopicEntry, b: UserTopicEntry): number =>
  a.channelId - b.channelId || (topicKey(a.topicName) < topicKey(b.topicName) ? -1 : topicKey(a.topicName) > topicKey(b.topicName) ? 1 : 0);

/**
 * Pure: the user's policies after `change`. An existing entry keeps its name (Zulip updates the
 * row it matched case-insensitively); policy 0 removes the entry.
 */
export function evolveUserTopics(state: UserTopicsState, change: UserTopicChange): UserTopicsState {
  const existing = findUserTopic(state, change.channelId, change.topicName);
  const others = state.topics.filter((t) => t !== existing);
  if (change.visibilityPolicy === 0) return { ...state, topics: others };
  const entry: UserTopicEntry = {
    channelId: change.channelId,
    topicName: existing?.topicName ?? change.topicName,
    visibilityPolicy: change.visibilityPolicy,
    lastUpdated: change.lastUpdated,
  };
  return { ...state, topics: [...others, entry].sort(byChannelAndTopic) };
}

const positionFor = (channelId: number, topicName: string): ((p: TopicPosition) => boolean) => {
  const key = topicKey(topicName);
  return (p) => p.channelId === channelId && p.topicKey === key;
};

/** Where the last change of this topic stands in the user's history (0: nothing changed it). */
export const positionOf = (state: UserTopicsState, channelId: number, topicName: string): number =>
  (state.positions ?? []).find(positionFor(channelId, topicName))?.userVersion ?? 0;

function withPosition(state: UserTopicsState, channelId: number, topicName: string, userVersion: number): UserTopicsState {
  const position: TopicPosition = { channelId, topicKey: topicKey(topicName), userVersion };
  const others = (state.positions ?? []).filter((p) => !positionFor(channelId, topicName)(p));
  const positions = [...others, position].sort(
    (a, b) => a.channelId - b.channelId || (a.topicKey < b.topicKey ? -1 : a.topicKey > b.topicKey ? 1 : 0),
  );
  return { ...state, positions };
}

/**
 * Pure: the user's own event `sequence` applied (null: the document has it already), then the
 * pending changes placed at or before it.
 */
export function applyOwnChange(state: UserTopicsState, change: UserTopicChange, sequence: number): UserTopicsState | null {
  if (state.version >= sequence) return null;
  const next = withPosition(evolveUserTopics(state, change), change.channelId, change.topicName, sequence);
  return applyPendingChanges({ ...next, version: sequence });
}

/** An event changes one topic of a user at most once. */
const samePending = (a: PendingChange, b: PendingChange): boolean =>
  a.messagesSequence === b.messagesSequence && a.channelId === b.channelId && topicKey(a.topicName) === topicKey(b.topicName);

/**
 * Pure: a change decided under another key (a topic move's policy, a topic deletion's reset)
 * placed after the user's event `userVersion`, so that the outcome is that of applying the user's
 * events and these changes in that order, whichever comes first:
 * - the document has not reached that event yet: the change waits in `pending` (once per event);
 * - a later event of the user changed the same topic (its position is past `userVersion`): the
 *   user's later choice stands and the change is dropped;
 * - else it applies, and the topic's position becomes `userVersion`.
 * Null: nothing changes (applying a change again included).
 */
export function placeChange(state: UserTopicsState, change: PendingChange): UserTopicsState | null {
  if (state.version < change.userVersion) {
    const pending = state.pending ?? [];
    if (pending.some((p) => samePending(p, change))) return null;
    return { ...state, pending: [...pending, change] };
  }
  if (positionOf(state, change.channelId, change.topicName) > change.userVersion) return null;
  const { channelId, topicName, visibilityPolicy, lastUpdated } = change;
  const evolved = evolveUserTopics(state, { userId: state.userId, channelId, topicName, visibilityPolicy, lastUpdated });
  const next = withPosition(evolved, change.channelId, change.topicName, change.userVersion);
  const same = JSON.stringify([next.topics, next.positions]) === JSON.stringify([state.topics, state.positions]);
  return same ? null : next;
}

/** Pure: the pending changes the document has now reached, applied in the order they came (and dropped). */
export function applyPendingChanges(state: UserTopicsState): UserTopicsState {
  const pending = state.pending;
  if (!pending) return state;
  const due = pending.filter((p) => p.userVersion <= state.version);
  if (due.length === 0) return state;
  const rest = pending.filter((p) => p.userVersion > state.version);
  const { pending: _dropped, ...without } = state;
  void _dropped;
  const applied = due.reduce<UserTopicsState>((s, p) => placeChange(s, p) ?? s, without);
  return rest.length > 0 ? { ...applied, pending: rest } : applied;
}
