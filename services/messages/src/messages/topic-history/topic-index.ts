import { addIds, idsBefore, removeIds, type ListReader } from '../message-lists/message-list';
import { ListKeys } from '../message.state';
import type { TopicIndexStore } from './topic-index-store';

/**
 * Each channel's topics by recency (`topics:<channelId>`): one entry per topic, the id of its
 * newest message, named as that message names the topic (Zulip shows a topic by the spelling of
 * its latest message). Entries are ordered by id, so the newest topics are read first without
 * reading any message, chunk by chunk like a message list (Zulip's `get_topic_history_for_stream`
 * groups the channel's messages instead). Kept by the message events, in their projector.
 */
export const topicIndexKey = (channelId: number): string => `topics:${channelId}`;

/** Entries per chunk: fewer than a message list's, since each carries its name. */
export const TOPIC_INDEX_CHUNK = 250;

/** Above every message id. */
export const NEWEST = Number.MAX_SAFE_INTEGER;

/**
 * Brings a topic's entry up to date after an event changed which messages it holds: `changed`
 * are the messages the event sent, deleted or moved into or out of it; the topic's message list
 * is already as the event leaves it. The entry before the event was the newest of the topic's
 * messages not in `changed` or one of `changed`; both are taken out, and the topic's newest
 * message now, if any, goes in, named by `nameOf`. Nothing is read or written when the newest
 * message stays the same and is not among the changed ones. Applying it again gives the same.
 */
export async function reindexTopic(
  index: TopicIndexStore,
  lists: ListReader,
  topic: { channelId: number; topic: string },
  changed: readonly number[],
  nameOf: (messageId: number) => Promise<string>,
): Promise<void> {
  const key = ListKeys.topic(topic.channelId, topic.topic);
  const changedIds = new Set(changed);
  const [newest] = await idsBefore(lists, key, NEWEST, 1);
  const [previous] = await idsBefore(lists, key, NEWEST, 1, (ids) => ids.filter((id) => !changedIds.has(id)));
  const newestChanged = changed.reduce((max, id) => Math.max(max, id), 0);
  if (newest !== undefined && newest === previous && newestChanged < newest) return;
  const indexKey = topicIndexKey(topic.channelId);
  await removeIds(index, indexKey, previous === undefined ? changed : [...changed, previous]);
  if (newest === undefined) return;
  index.name(newest, await nameOf(newest));
  await addIds(index, indexKey, [newest], { maxChunk: TOPIC_INDEX_CHUNK });
}

/**
 * A sent message is its topic's newest: its entry replaces the topic's previous one, the newest
 * message before it (`previous`, read from the topic's list before the event writes it: the
 * projector sends it side by side with the event's other writes). Writes its changes at once.
 */
export async function indexSent(
  index: TopicIndexStore,
  topic: { channelId: number; topic: string },
  messageId: number,
  previous: number | undefined,
): Promise<void> {
  const indexKey = topicIndexKey(topic.channelId);
  if (previous !== undefined) await removeIds(index, indexKey, [previous]);
  index.name(messageId, topic.topic);
  await addIds(index, indexKey, [messageId], { maxChunk: TOPIC_INDEX_CHUNK });
  await index.flush();
}

/** The newest message of a topic below `messageId` (the one a message sent now replaces in the index). */
export async function newestBefore(
  lists: ListReader,
  topic: { channelId: number; topic: string },
  messageId: number,
): Promise<number | undefined> {
  return (await idsBefore(lists, ListKeys.topic(topic.channelId, topic.topic), messageId, 1))[0];
}
