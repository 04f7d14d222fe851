import type {
  MessageContentEditedV1,
  MessageSentV1,
  MessagesDeletedV1,
  MessagesMovedV1,
  ReactionAddedV1,
  ReactionRemovedV1,
  SubmessageAddedV1,
} from '@zulip-es/contracts';
import { addIds, listSummary, removeIds, type ListStore } from './message-lists/message-list';
import { mentionsIn } from '@zulip-es/message-flags';
import { directPlace, formatListTag } from '../flags/list-tag';
import {
  isUserDirectList,
  ListKeys,
  listsOf,
  messageDocId,
  messageFromSent,
  RecipientIds,
  topicKey,
  type EditHistoryEntry,
  type MessageState,
} from './message.state';
import { countParticipants } from './topic-participants.projector';
import { indexSent, newestBefore, reindexTopic } from './topic-history/topic-index';
import type { TopicIndexStore } from './topic-history/topic-index-store';
import { subscriptionHistoryId, withMovedIn } from './subscription-history.state';
import type { ChannelState } from '../channels/channel.state';
import { dmGroupDocId, type MessagesRepository } from '../projection/messages.repository';
import type { Projector } from '../projection/projector';
import { applyMovedPolicies, applyPolicyResets } from '../user-topics/user-topics.projector';
import { moveClaims } from '../attachments/upload-refs.projector';
import { applyReaction } from './reactions/reactions.projector';
import { applySubmessage } from './submessages/submessages.projector';

type MessageEvent =
  MessageSentV1 | MessagesDeletedV1 | MessageContentEditedV1 | MessagesMovedV1 | ReactionAddedV1 | ReactionRemovedV1 | SubmessageAddedV1;

/**
 * Messages by id, the id lists of their topic, channel and direct conversations, who sent each
 * topic's messages (`topic_participants`, versioned by the event that last wrote it), and each
 * channel's topics by their newest message (`topic-history/topic-index.ts`).
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
  // Every list write of a message event goes through this cache (see CachedListStore).
  const lists = repo.listCache;
  return {
    types: [
      'message.sent.v1',
      'messages.deleted.v1',
      'message.content_edited.v1',
      'messages.moved.v1',
      'reaction.added.v1',
      'reaction.removed.v1',
      'submessage.added.v1',
    ],
    async apply(event, envelope) {
      const { version } = await repo.ownedMessagesCounters();
      if (version >= envelope.sequence) return;
      lists.useAt(version);
      repo.topicIndexCache.useAt(version);
      const messageEvent = event as MessageEvent;
      // The topic index's writes of this event, written before the version.
      const index = repo.topicIndex(true);
      if (messageEvent.type === 'message.sent.v1') {
        await applySent(repo, lists, index, messageEvent, envelope.sequence);
        // Ids only grow (all are given on key realm), so the message sent is the last one.
        await repo.setMessagesVersion(envelope.sequence, messageEvent.data.messageId);
      } else {
        await applyChange(repo, lists, index, messageEvent, envelope.sequence);
        await index.flush();
        await repo.setMessagesVersion(envelope.sequence);
      }
      lists.keptAt(envelope.sequence);
      repo.topicIndexCache.keptAt(envelope.sequence);
    },
  };
}

/** Every message event but a sent message, which alone moves the last message id. */
async function applyChange(
  repo: MessagesRepository,
  lists: ListStore,
  index: TopicIndexStore,
  event: Exclude<MessageEvent, MessageSentV1>,
  sequence: number,
): Promise<void> {
  switch (event.type) {
    case 'messages.deleted.v1':
      return applyDeleted(repo, lists, index, event, sequence);
    case 'message.content_edited.v1':
      return applyContentEdited(repo, lists, event, sequence);
    case 'messages.moved.v1':
      return applyMoved(repo, lists, index, event, sequence);
    case 'reaction.added.v1':
    case 'reaction.removed.v1':
      return applyReaction(repo, event, sequence);
    case 'submessage.added.v1':
      return applySubmessage(repo, event, sequence);
    default: {
      const unknown: never = event;
      throw new Error(`not a message event: ${(unknown as { type: string }).type}`);
    }
  }
}

async function applySent(
  repo: MessagesRepository,
  lists: ListStore,
  index: TopicIndexStore,
  event: MessageSentV1,
  sequence: number,
): Promise<void> {
  const { messageId, senderId, conversation, recipientId, renderedContent, readBySender, topicParticipantIds } = event.data;
  const mentions = mentionsIn(renderedContent);
  const tagged = { senderId, senderUnread: readBySender === false, channelWildcard: mentions.channelWildcard };
  const mentioned = new Set([...mentions.userIds, ...(mentions.topicWildcard ? (topicParticipantIds ?? []) : [])]);
  // Read before the lists change (from their cache, usually), so the index is written beside them.
  const previous = conversation.type === 'channel' ? await newestBefore(lists, conversation, messageId) : undefined;
  // Each write stands alone (see above), so they go to the store together; only the version,
  // written by the caller, must come after all of them.
  await Promise.all([
    conversation.type === 'channel' ? indexSent(index, conversation, messageId, previous) : null,
    repo.messages.replaceOne({ _id: messageDocId(messageId) }, messageFromSent(event, sequence), { upsert: true }),
    conversation.type === 'channel' ? countParticipants(repo, conversation, () => [senderId], 1, sequence) : null,
    moveClaims(repo, messageId, [], event.data.attachmentPathIds ?? []),
    ...listsOf(conversation).map((key) => addIds(lists, key, [messageId], { tagOf: tagsFor(key, conversation, () => tagged) })),
    ...[...mentioned].map((userId) => addIds(lists, ListKeys.mentions(userId), [messageId])),
    conversation.type === 'direct' && conversation.userIds.length > 2
      ? recordDmGroup(repo, conversation.userIds, (recipientId - 2) / 3)
      : null,
    conversation.type === 'channel' ? firstInChannel(repo, conversation.channelId, messageId) : null,
  ]);
}

type Tagged = { senderId: number; senderUnread: boolean; channelWildcard: boolean };
const UNKNOWN_TAG: Tagged = { senderId: 0, senderUnread: false, channelWildcard: false };
const taggedOf = (m: MessageState): Tagged => ({
  senderId: m.senderId,
  senderUnread: m.readBySender === false,
  channelWildcard: mentionsIn(m.renderedContent).channelWildcard,
});

/**
 * The tags of a channel's list and of its participants' direct-message lists (see `list-tag.ts`);
 * topic and conversation lists are untagged.
 */
function tagsFor(
  key: string,
  conversation: MessageState['conversation'],
  of: (id: number) => Tagged,
): ((id: number) => string) | undefined {
  if (conversation.type === 'channel') {
    if (key !== ListKeys.channel(conversation.channelId)) return undefined;
    return (id) => formatListTag({ ...of(id), place: conversation.topic });
  }
  if (!isUserDirectList(key)) return undefined;
  return (id) => formatListTag({ ...of(id), place: directPlace(conversation.userIds) });
}

/** Ids only grow: a new message is the channel's first only when it had none. */
async function firstInChannel(repo: MessagesRepository, channelId: number, messageId: number): Promise<void> {
  const channel = await repo.ownedChannel(channelId);
  if (channel && channel.firstMessageId === null) await repo.setFirstMessageId(channelId, messageId);
}

async function recordDmGroup(repo: MessagesRepository, userIds: readonly number[], groupNo: number): Promise<void> {
  await repo.dmGroups.replaceOne({ _id: dmGroupDocId(userIds) }, { groupNo }, { upsert: true });
  await repo.raiseLastId('dm_group_no', groupNo);
}

/** The topic a message names: `topic` for `changed` ones (the event gives it), else the stored message's. */
function topicOf(repo: MessagesRepository, changed: readonly number[], topic: string): (messageId: number) => Promise<string> {
  const changedIds = new Set(changed);
  return async (messageId) => {
    if (changedIds.has(messageId)) return topic;
    const message = await repo.message(messageId);
    return message?.conversation.type === 'channel' ? message.conversation.topic : topic;
  };
}

async function applyDeleted(
  repo: MessagesRepository,
  lists: ListStore,
  index: TopicIndexStore,
  event: MessagesDeletedV1,
  sequence: number,
): Promise<void> {
  const { messageIds, conversation } = event.data;
  // The senders are read from the messages before they go (a topic deletion's batch: at most 100).
  if (conversation.type === 'channel')
    await countParticipants(repo, conversation, () => sendersIn(repo, conversation, messageIds), -1, sequence);
  // Deleted messages stay in the upload claims index (`upload_refs`): finding which of them claimed
  // uploads would read every document of a topic deletion's batch. Its readers look claiming
  // messages up, and a deleted one is not found, so it claims nothing.
  // Independent documents, each write repeatable on its own: side by side. The channel's document
  // is not among them, so it is read meanwhile (for `followChannelList`).
  const [channel] = await Promise.all([
    conversation.type === 'channel' ? repo.channel(conversation.channelId) : null,
    ...listsOf(conversation).map((key) => removeIds(lists, key, messageIds)),
    repo.deleteMessages(messageIds),
  ]);
  if (channel) await followChannelList(repo, lists, channel, messageIds);
  if (conversation.type === 'channel') await reindexTopic(index, lists, conversation, messageIds, topicOf(repo, [], conversation.topic));
  const reset = event.data.visibilityPoliciesReset;
  if (reset && conversation.type === 'channel') {
    await applyPolicyResets(
      repo,
      { channelId: conversation.channelId, topicName: conversation.topic, lastUpdated: reset.lastUpdated, sequence },
      reset.users,
    );
  }
}

async function applyContentEdited(
  repo: MessagesRepository,
  lists: ListStore,
  event: MessageContentEditedV1,
  sequence: number,
): Promise<void> {
  const { messageId, editorId, content, renderedContent, prevContent, prevRenderedContent, editedAt, attachmentPathIds, alertWordUserIds } =
    event.data;
  const message = await repo.message(messageId);
  // The document's version says whether this event already wrote it (the history must not grow twice).
  if (!message || message.version >= sequence) return;
  // The new claims replace the old ones, in the index first: until the document is written, it
  // still says which claims it had (an interrupted event applied again moves the same ones).
  const claims = attachmentPathIds ?? [];
  await moveClaims(repo, messageId, message.attachmentPathIds ?? [], claims);
  const timestamp = seconds(editedAt);
  const entry: EditHistoryEntry = { user_id: editorId, timestamp, prev_content: prevContent, prev_rendered_content: prevRenderedContent };
  // Replaced whole: a message that no longer claims anything loses the field (a rebuild sets fields, never unsets them).
  const { attachmentPathIds: _before, alertWordUserIds: _alerted, ...rest } = message;
  const edited: MessageState = {
    ...rest,
    ...(alertWordUserIds ? { alertWordUserIds } : {}),
    content,
    renderedContent,
    lastEditTimestamp: timestamp,
    editHistory: [entry, ...(message.editHistory ?? [])],
    ...(claims.length > 0 ? { attachmentPathIds: claims } : {}),
    version: sequence,
  };
  await followMentions(lists, message, renderedContent);
  await repo.messages.replaceOne({ _id: messageDocId(messageId) }, edited);
}

/**
 * An edit's mentions: users mentioned by name anew join their mention lists, those no longer
 * mentioned leave them, and the lists' tags follow a channel wildcard added or removed (set
 * operations and tags replaced: repeatable).
 */
async function followMentions(lists: ListStore, message: MessageState, renderedContent: string): Promise<void> {
  const before = mentionsIn(message.renderedContent);
  const after = mentionsIn(renderedContent);
  for (const userId of after.userIds) if (!before.userIds.has(userId)) await addIds(lists, ListKeys.mentions(userId), [message.messageId]);
  for (const userId of before.userIds)
    if (!after.userIds.has(userId)) await removeIds(lists, ListKeys.mentions(userId), [message.messageId]);
  if (before.channelWildcard === after.channelWildcard) return;
  const tagged = { ...taggedOf(message), channelWildcard: after.channelWildcard };
  for (const key of listsOf(message.conversation)) {
    const tagOf = tagsFor(key, message.conversation, () => tagged);
    if (tagOf) await addIds(lists, key, [message.messageId], { tagOf });
  }
}

/** The senders of those of `messageIds` that are in the topic (one entry per message). */
async function sendersIn(
  repo: MessagesRepository,
  topic: { channelId: number; topic: string },
  messageIds: readonly number[],
): Promise<number[]> {
  const inTopic = (m: MessageState): boolean =>
    m.conversation.type === 'channel' &&
    m.conversation.channelId === topic.channelId &&
    topicKey(m.conversation.topic) === topicKey(topic.topic);
  return (await repo.messagesByIds(messageIds)).filter(inTopic).map((m) => m.senderId);
}

const seconds = (iso: string): number => Math.floor(Date.parse(iso) / 1000);

/** Zulip's edit-history entry of a move, merged into the content edit of the same request when there was one. */
function movedEntry(event: MessagesMovedV1, history: readonly EditHistoryEntry[], isTarget: boolean): EditHistoryEntry[] {
  const { editorId, from, to, movedAt, withContentEdit } = event.data;
  const change: EditHistoryEntry = {
    user_id: editorId,
    timestamp: seconds(movedAt),
    ...(from.channelId !== to.channelId ? { prev_stream: from.channelId, stream: to.channelId } : {}),
    ...(from.topic !== to.topic ? { prev_topic: from.topic, topic: to.topic } : {}),
  };
  if (isTarget && withContentEdit && history.length > 0) return [{ ...history[0], ...change }, ...history.slice(1)];
  return [change, ...history];
}

/**
 * A move: each message's document gets its new place (setting the same values again changes
 * nothing), the ids leave the old lists and join the new ones (set operations), both channels'
 * `first_message_id` follow their lists, and the users' policies the event carries are applied
 * (explicit values: idempotent too).
 */
async function applyMoved(
  repo: MessagesRepository,
  lists: ListStore,
  index: TopicIndexStore,
  event: MessagesMovedV1,
  sequence: number,
): Promise<void> {
  const { messageIds, from, to, resolved, movedAt, policyChanges } = event.data;
  const conversation = { type: 'channel' as const, channelId: to.channelId, topic: to.topic };
  const moved = resolved === null ? { lastMovedTimestamp: seconds(movedAt) } : {};
  const messages = await repo.messagesByIds(messageIds);
  if (from.channelId !== to.channelId || topicKey(from.topic) !== topicKey(to.topic)) {
    const senders = messages.map((m) => m.senderId);
    await countParticipants(repo, from, () => senders, -1, sequence);
    await countParticipants(repo, to, () => senders, 1, sequence);
  }
  for (const message of messages) {
    if (message.version >= sequence) continue; // written by this event already
    const editHistory = movedEntry(event, message.editHistory ?? [], message.messageId === event.data.messageId);
    await repo.messages.updateOne(
      { _id: messageDocId(message.messageId) },
      { $set: { conversation, recipientId: RecipientIds.channel(to.channelId), ...moved, editHistory, version: sequence } },
    );
  }
  for (const key of listsOf({ type: 'channel', ...from })) await removeIds(lists, key, messageIds);
  const tags = new Map(messages.map((m) => [m.messageId, taggedOf(m)]));
  for (const key of listsOf(conversation))
    await addIds(lists, key, messageIds, { tagOf: tagsFor(key, conversation, (id) => tags.get(id) ?? UNKNOWN_TAG) });
  // Moved messages name their new topic; a move within one topic (a change of case) renames it.
  const renamed = topicOf(repo, messageIds, to.topic);
  if (from.channelId !== to.channelId || topicKey(from.topic) !== topicKey(to.topic))
    await reindexTopic(index, lists, from, messageIds, renamed);
  await reindexTopic(index, lists, to, messageIds, renamed);
  if (from.channelId !== to.channelId) {
    await followChannelList(repo, lists, await repo.channel(from.channelId));
    await followChannelList(repo, lists, await repo.channel(to.channelId));
    await giveToSubscribers(repo, to.channelId, messageIds);
  }
  await applyMovedPolicies(repo, policyChanges, sequence);
}

/**
 * Messages moved into a channel with protected history: its current subscribers receive them
 * (Zulip's `bulk_insert_all_ums` for the users gaining access), recorded in their subscription
 * histories. The subscribers are those of the channel as of this event, since events apply in
 * the order they were decided.
 */
async function giveToSubscribers(repo: MessagesRepository, channelId: number, messageIds: readonly number[]): Promise<void> {
  const channel = await repo.channel(channelId);
  if (!channel || channel.historyPublicToSubscribers) return;
  for (const userId of channel.subscriberIds) {
    const history = await repo.subscriptionHistoryOf(userId, channelId);
    const next = history && withMovedIn(history, messageIds);
    if (next) await repo.subscriptionHistory.replaceOne({ _id: subscriptionHistoryId(userId, channelId) }, next, { upsert: true });
  }
}

/**
 * The channel's `first_message_id` follows its list (a field outside the channel's own versioned
 * state), recomputed from the list's head. `deleted`: messages that left the channel, which can
 * change it only when its oldest is among them (a topic deletion's batches mostly do not hold it).
 */
async function followChannelList(
  repo: MessagesRepository,
  lists: ListStore,
  channel: ChannelState | null,
  deleted?: readonly number[],
): Promise<void> {
  if (!channel) return;
  const { channelId } = channel;
  if (deleted && (channel.firstMessageId === null || !deleted.includes(channel.firstMessageId))) return;
  const firstMessageId = (await listSummary(lists, ListKeys.channel(channelId)))?.firstId ?? null;
  if (channel.firstMessageId !== firstMessageId) await repo.setFirstMessageId(channelId, firstMessageId);
}
