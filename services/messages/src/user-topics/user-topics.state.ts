import { REALM_EMPTY_TOPIC_DISPLAY_NAME, type VisibilityPolicy } from '@zulip-es/contracts';
import type { Revised } from './document-writer';

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
 * `user_topic.*` events decided under the user's key. Topic moves change entries too (through
 * the projection) without touching `version`, which counts only this aggregate's own events;
 * `rev` counts every write (see `updateDocument`).
 */
export interface UserTopicsState extends Revised {
  userId: number;
  topics: UserTopicEntry[];
  version: number;
  /**
   * Topic deletions' resets of policies set by events of this user not applied yet (a catch-up
   * reading the deletion's partition first): applied once `version` reaches `userVersion`.
   * Absent when there is none.
   */
  pendingResets?: PendingReset[];
}

/** Remove the user's policy for the topic once their event `userVersion` is applied. */
export interface PendingReset {
  channelId: number;
  topicName: string;
  userVersion: number;
}

/** One policy to set (0 removes it), from a user's own request or from a topic move. */
export interface UserTopicChange {
  userId: number;
  channelId: number;
  topicName: string;
  visibilityPolicy: VisibilityPolicy;
  lastUpdated: number;
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

const withoutTopic = (state: UserTopicsState, channelId: number, topicName: string): UserTopicsState =>
  evolveUserTopics(state, { userId: state.userId, channelId, topicName, visibilityPolicy: 0, lastUpdated: 0 });

/**
 * Pure: a topic deletion's reset of the policy the user's event `userVersion` set. Applied at once
 * when the user's document has that event (unless a later event of theirs set the topic again,
 * `setLater`, which the topic index knows); else kept pending until it has. Null: nothing changes.
 */
export function resetUserTopic(state: UserTopicsState, reset: PendingReset, setLater: boolean): UserTopicsState | null {
  if (state.version >= reset.userVersion) {
    if (setLater || !findUserTopic(state, reset.channelId, reset.topicName)) return null;
    return withoutTopic(state, reset.channelId, reset.topicName);
  }
  const pending = state.pendingResets ?? [];
  const same = (p: PendingReset) => p.channelId === reset.channelId && topicKey(p.topicName) === topicKey(reset.topicName) && p.userVersion === reset.userVersion;
  if (pending.some(same)) return null;
  return { ...state, pendingResets: [...pending, reset] };
}

/** Pure: the pending resets whose event is now applied, applied (and dropped). */
export function applyPendingResets(state: UserTopicsState): UserTopicsState {
  const pending = state.pendingResets;
  if (!pending) return state;
  const due = pending.filter((p) => p.userVersion <= state.version);
  if (due.length === 0) return state;
  const rest = pending.filter((p) => p.userVersion > state.version);
  const { pendingResets: _dropped, ...without } = due.reduce((s, p) => withoutTopic(s, p.channelId, p.topicName), state);
  void _dropped;
  return rest.length > 0 ? { ...without, pendingResets: rest } : without;
}
