import { REALM_EMPTY_TOPIC_DISPLAY_NAME } from '@zulip-es/contracts';
import type { EditHistoryEntry, MessageState } from '../message.state';
import { htmlDiff } from './html-diff';

/** One element of Zulip's `message_history`: the message as it was after one edit (or as sent). */
export interface Snapshot {
  topic: string;
  content: string;
  rendered_content: string;
  timestamp: number;
  user_id: number | null;
  prev_topic?: string;
  prev_content?: string;
  prev_rendered_content?: string;
  content_html_diff?: string;
  prev_stream?: number;
  stream?: number;
}

/**
 * Zulip's `fill_edit_history_entries`: walking the stored history from the newest edit back,
 * each snapshot gets the topic and content the message had after that edit, and the message as
 * sent closes the list. Returned oldest first, as Zulip's endpoint answers.
 */
export function messageHistory(message: MessageState, history: readonly EditHistoryEntry[], allowEmptyTopicName: boolean): Snapshot[] {
  let content = message.content;
  let rendered = message.renderedContent;
  let topic = message.conversation.type === 'channel' ? message.conversation.topic : '';
  const snapshots: Snapshot[] = [];
  for (const entry of history) {
    const snapshot: Snapshot = { content, rendered_content: rendered, timestamp: entry.timestamp, topic, user_id: entry.user_id };
    if (entry.prev_topic !== undefined) snapshot.prev_topic = topic = entry.prev_topic;
    if (entry.prev_content !== undefined) {
      snapshot.prev_content = content = entry.prev_content;
      snapshot.prev_rendered_content = entry.prev_rendered_content ?? '';
      snapshot.content_html_diff = htmlDiff(snapshot.prev_rendered_content, rendered);
      rendered = snapshot.prev_rendered_content;
    }
    if (entry.prev_stream !== undefined) Object.assign(snapshot, { prev_stream: entry.prev_stream, stream: entry.stream });
    snapshots.push(snapshot);
  }
  snapshots.push({ content, rendered_content: rendered, timestamp: message.timestamp, topic, user_id: message.senderId });
  const display = (t: string): string => (t === '' && !allowEmptyTopicName ? REALM_EMPTY_TOPIC_DISPLAY_NAME : t);
  return snapshots
    .reverse()
    .map((s) => ({ ...s, topic: display(s.topic), ...(s.prev_topic !== undefined ? { prev_topic: display(s.prev_topic) } : {}) }));
}
