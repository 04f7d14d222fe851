import type { MessagesRepository } from '../projection/messages.repository';
import { topicParticipantsId, withMessagesOf } from './topic-participants.state';

/**
 * Applies one message event's change to a topic's participants: the messages of `senderIds`
 * (one entry per message, read only when the event has not written the document yet) joined (+1)
 * or left (-1) the topic. The document's version says whether this event wrote it already; one
 * it deleted (no sender left) is absent, and taking senders out of an absent document leaves it
 * absent, so applying the event again changes nothing.
 */
export async function countParticipants(
  repo: MessagesRepository,
  topic: { channelId: number; topic: string },
  senderIds: () => Promise<readonly number[]> | readonly number[],
  change: 1 | -1,
  sequence: number,
): Promise<void> {
  const current = await repo.topicParticipantsOf(topic.channelId, topic.topic);
  if (current && current.version >= sequence) return;
  const senders = await senderIds();
  if (senders.length === 0) return;
  const next = withMessagesOf(current, senders, change, sequence);
  const _id = topicParticipantsId(topic.channelId, topic.topic);
  if (next) await repo.topicParticipants.replaceOne({ _id }, next, { upsert: true });
  else if (current) await repo.topicParticipants.deleteOne({ _id });
}
