import { TOPIC_DELETE_BATCH_SIZE } from '@zulip-es/contracts';
import { idsBefore, type AcceptIds, type ListReader } from '../message-lists/message-list';
import { ListKeys } from '../message.state';

/**
 * The next batch of a topic deletion (Zulip's `delete_in_topic` loop, `order_by("-id")[:100]`):
 * the newest ids of the topic, matched case-insensitively (the topic's list is keyed by the
 * lower-case name), that `accept` keeps, newest first. Read from the projection each time, so
 * deciding a batch again after a crash picks exactly what is left.
 */
export function nextTopicBatch(
  lists: ListReader,
  channelId: number,
  topic: string,
  accept: AcceptIds,
  size = TOPIC_DELETE_BATCH_SIZE,
): Promise<number[]> {
  return idsBefore(lists, ListKeys.topic(channelId, topic), Number.MAX_SAFE_INTEGER, size, accept);
}
