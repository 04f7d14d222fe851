import type { MessageSentV1, MessagesDeletedV1 } from '@zulip-es/contracts';
import { CachedListStore } from './message-lists/cached-list-store';
import { addIds, listSummary, removeIds, type ListStore } from './message-lists/message-list';
import { ListKeys, listsOf, messageDocId, messageFromSent } from './message.state';
import { channelAggregateId } from '../channels/channel.state';
import { dmGroupDocId, type MessagesRepository } from '../projection/messages.repository';
import type { Projector } from '../projection/projector';
import { applyPolicyResets } from '../user-topics/user-topics.projector';

type MessageEvent = MessageSentV1 | MessagesDeletedV1;

/**
 * Messages by id and the id lists of their topic, channel and direct conversations.
 *
 * Idempotency: every message event is decided on key `realm` and belongs to the one aggregate
 * `messages`, whose sequence the decider increments. One event writes several documents (the
 * message, list chunks and heads, counters), each write being repeatable on its own (a document
 * replaced by the same content, list additions and removals that are set operations); the
 * aggregate's version (`counters.messages_version`) is written last. An event at or below that
 * version was applied whole and is skipped; one above it is applied again whole, which completes
 * whatever a crash interrupted and changes nothing that was already written.
 */
export function messageProjector(repo: MessagesRepository): Projector {
  const lists = new CachedListStore(repo.lists);
  return {
    types: ['message.sent.v1', 'messages.deleted.v1'],
    async apply(event, envelope) {
      const version = await repo.messagesVersion();
      if (version >= envelope.sequence) return;
      lists.useAt(version);
      const messageEvent = event as MessageEvent;
      if (messageEvent.type === 'message.sent.v1') {
        await applySent(repo, lists, messageEvent, envelope.sequence);
        // Ids only grow (all are given on key realm), so the message sent is the last one.
        await repo.setMessagesVersion(envelope.sequence, messageEvent.data.messageId);
      } else {
        await applyDeleted(repo, lists, messageEvent);
        await repo.setMessagesVersion(envelope.sequence);
      }
      lists.keptAt(envelope.sequence);
    },
  };
}

async function applySent(repo: MessagesRepository, lists: ListStore, event: MessageSentV1, sequence: number): Promise<void> {
  const { messageId, conversation, recipientId } = event.data;
  // Each write stands alone (see above), so they go to the store together; only the version,
  // written by the caller, must come after all of them.
  await Promise.all([
    repo.messages.replaceOne({ _id: messageDocId(messageId) }, messageFromSent(event, sequence), { upsert: true }),
    ...listsOf(conversation).map((key) => addIds(lists, key, [messageId])),
    conversation.type === 'direct' && conversation.userIds.length > 2 ? recordDmGroup(repo, conversation.userIds, (recipientId - 2) / 3) : null,
    // Ids only grow: a new message is the channel's first only when it had none.
    conversation.type === 'channel'
      ? repo.channels.updateOne({ _id: channelAggregateId(conversation.channelId), firstMessageId: null }, { $set: { firstMessageId: messageId } })
      : null,
  ]);
}

async function recordDmGroup(repo: MessagesRepository, userIds: readonly number[], groupNo: number): Promise<void> {
  await repo.dmGroups.replaceOne({ _id: dmGroupDocId(userIds) }, { groupNo }, { upsert: true });
  await repo.raiseLastId('dm_group_no', groupNo);
}

async function applyDeleted(repo: MessagesRepository, lists: ListStore, event: MessagesDeletedV1): Promise<void> {
  const { messageIds, conversation } = event.data;
  // Independent documents, each write repeatable on its own: side by side.
  await Promise.all([...listsOf(conversation).map((key) => removeIds(lists, key, messageIds)), repo.deleteMessages(messageIds)]);
  if (conversation.type === 'channel') await refreshFirstMessageId(repo, lists, conversation.channelId, messageIds);
  const reset = event.data.visibilityPoliciesReset;
  if (reset && conversation.type === 'channel') {
    await applyPolicyResets(repo, conversation.channelId, conversation.topic, reset.users);
  }
}

/**
 * The channel's `first_message_id` follows its list (a field outside the channel's own versioned
 * state), recomputed from the list's head when its oldest message leaves it (deleting others
 * cannot change it: a topic deletion's batches mostly do not hold it).
 */
async function refreshFirstMessageId(repo: MessagesRepository, lists: ListStore, channelId: number, deleted: readonly number[]): Promise<void> {
  const channel = await repo.channel(channelId);
  if (!channel || channel.firstMessageId === null || !deleted.includes(channel.firstMessageId)) return;
  const firstMessageId = (await listSummary(lists, ListKeys.channel(channelId)))?.firstId ?? null;
  if (channel.firstMessageId !== firstMessageId) await repo.channels.updateOne({ _id: channelAggregateId(channelId) }, { $set: { firstMessageId } });
}
