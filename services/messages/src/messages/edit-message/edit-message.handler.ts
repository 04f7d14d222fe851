import { updateMessage, type OperationData } from '@zulip-es/contracts';
import { DomainError, type CommandHandler, type NewEvent } from '@zulip-es/platform';
import { hasContentAccess } from '../../channels/channel-access';
import { channelsContext, type ChannelsContext } from '../../channels/channels-context';
import type { ChannelState } from '../../channels/channel.state';
import { activeSubscription } from '../../channels/user-subscriptions.state';
import type { MessagesDeps } from '../../shared/messages-deps';
import { activePolicies, knownUserVersions } from '../../user-topics/topic-policies.state';
import { idsFrom, listSummary } from '../message-lists/message-list';
import { ListKeys, topicKey, type MessageState } from '../message.state';
import { notificationBot, notifyInChannel } from '../notification-bot/notification-bot';
import { MessageReader } from '../read-messages/message-access';
import { normalizeTopic } from '../send-message/message-text';
import { WILDCARD_MENTION_THRESHOLD } from '../wildcard-mentions';
import { decideEditMessage, editMessageReplyFrom, type EditMessageState, type Notice } from './edit-message.decide';
import { editRequest, type EditRequest } from './edit-request';
import type { TopicMessage } from './move-selection';
import { linkedUploads } from '../../attachments/linked-uploads';
import type { PreviousClaim } from '../../attachments/detached-uploads';
import { uploadPathIds } from '../../attachments/upload-links';

/**
 * PATCH /messages/{message_id}. Loads what the decision may need (the topic's messages only for
 * moves, the wildcard audience only for content with a wildcard), decides, then appends the
 * Notification Bot's notices to the same command's events, so a move and its breadcrumbs are
 * decided (and delivered) together.
 */
export function editMessageHandler(deps: MessagesDeps): CommandHandler<OperationData<typeof updateMessage>> {
  return {
    kind: 'command',
    schema: updateMessage.params,
    async handle({ actorId, data, now }) {
      const request = editRequest(data);
      const ctx = channelsContext(deps.users, actorId);
      const state = await loadState(deps, ctx, request, deps.wildcardMentionThreshold ?? WILDCARD_MENTION_THRESHOLD);
      const decision = decideEditMessage(request, state, now);
      const events = [...decision.events];
      for (const notice of decision.notices) events.push(...(await noticeEvents(deps, notice, events, now)));
      return { events, reply: decision.reply };
    },
    replyFrom: editMessageReplyFrom,
  };
}

/**
 * The Notification Bot's message, numbered after the events already decided in this command
 * (the bot's decision reads the projection, which does not hold them yet). A notice the bot may
 * not send (no bot yet, a channel refusing the topic) is left out, as Zulip only logs it.
 */
async function noticeEvents(deps: MessagesDeps, notice: Notice, decided: readonly NewEvent[], now: Date): Promise<NewEvent[]> {
  const sentBefore = decided.filter((e) => e.type === 'message.sent.v1').length;
  try {
    const decision = await notifyInChannel(deps, notice.channelId, notice.topic, notice.content, now);
    if (!decision) return [];
    return decision.events.map((e) => ({ ...e, sequence: e.sequence + decided.length, data: { ...e.data, messageId: (e.data.messageId as number) + sentBefore } }));
  } catch (error) {
    if (error instanceof DomainError) return [];
    throw error;
  }
}

const MAX_TOPIC_SCAN = Number.MAX_SAFE_INTEGER;

/** Zulip's `access_stream_by_id_for_message`: the channel, if the actor has content access to it. */
async function accessibleChannel(deps: MessagesDeps, ctx: ChannelsContext, reader: MessageReader, channelId: number): Promise<ChannelState | null> {
  const channel = await deps.repo.channel(channelId);
  if (!channel) return null;
  return hasContentAccess(ctx, ctx.actor, channel, activeSubscription(reader.subscriptions, channelId) !== undefined) ? channel : null;
}

/** The destination topic as decide will name it, when the request's topic is valid (decide reports it otherwise). */
function destinationTopic(request: EditRequest, oldTopic: string): string {
  if (request.topic === undefined) return oldTopic;
  try {
    return normalizeTopic(request.topic);
  } catch {
    return oldTopic;
  }
}

async function loadState(deps: MessagesDeps, ctx: ChannelsContext, request: EditRequest, wildcardThreshold: number): Promise<EditMessageState> {
  const { repo } = deps;
  const reader = new MessageReader(repo, ctx.actor, ctx, await repo.subscriptionsOf(ctx.actor.userId));
  const [found, messagesVersion] = await Promise.all([repo.message(request.messageId), repo.messagesVersion()]);
  const message = found && (await reader.canRead(found)) ? found : null;
  const state: EditMessageState = {
    ctx,
    actor: ctx.actor,
    message,
    channel: null,
    targetChannel: null,
    topicMessages: [],
    wildcardAudience: { channelSubscribers: 0, topicParticipants: 0 },
    wildcardThreshold,
    policies: { from: new Map(), to: new Map(), targetTopicHasMessages: false, usersLosingAccess: new Set(), userVersions: new Map() },
    targetTopicExists: false,
    lastInTarget: null,
    notificationBotId: notificationBot(deps.users)?.userId ?? null,
    messagesVersion,
  };
  if (message && request.content !== undefined) {
    if (uploadPathIds(request.content, ctx.realm.host).length > 0) state.linkedUploads = await linkedUploads(deps, reader, request.content, ctx.realm.host);
    state.previousClaims = await previousClaims(deps, message);
  }
  const conversation = message?.conversation;
  if (!message || conversation?.type !== 'channel') return state;
  const channel = await reader.channel(conversation.channelId);
  if (!channel) return state;
  state.channel = channel;
  const topicList = ListKeys.topic(channel.channelId, conversation.topic);
  const allIds = await idsFrom(repo.lists, topicList, 0, MAX_TOPIC_SCAN);

  if (request.content !== undefined && /@\*\*/.test(request.content)) {
    const senders = new Set((await repo.messagesByIds(allIds)).map((m) => m.senderId));
    state.wildcardAudience = { channelSubscribers: channel.subscriberIds.filter((id) => ctx.user(id)?.isActive).length, topicParticipants: senders.size };
  }

  const movesChannel = request.channelId !== undefined && request.channelId !== channel.channelId;
  if (movesChannel) state.targetChannel = await accessibleChannel(deps, ctx, reader, request.channelId!);
  if (!movesChannel && (request.topic === undefined || request.topic === conversation.topic)) return state;

  const visibleIds = await reader.acceptInChannel(channel.channelId, allIds);
  state.topicMessages = (await repo.messagesByIds(visibleIds)).map(topicMessage).sort((a, b) => a.messageId - b.messageId);
  const destination = state.targetChannel ?? channel;
  const newTopic = destinationTopic(request, conversation.topic);
  const [from, to, targetList] = await Promise.all([
    repo.topicPoliciesOf(channel.channelId, conversation.topic),
    repo.topicPoliciesOf(destination.channelId, newTopic),
    listSummary(repo.lists, ListKeys.topic(destination.channelId, newTopic)),
  ]);
  const fromPolicies = activePolicies(from);
  const sameList = destination.channelId === channel.channelId && topicKey(newTopic) === topicKey(conversation.topic);
  const usersLosingAccess = new Set<number>();
  if (state.targetChannel) {
    for (const userId of fromPolicies.keys()) {
      const user = ctx.user(userId);
      const subscribed = activeSubscription(await repo.subscriptionsOf(userId), destination.channelId) !== undefined;
      if (!user || !hasContentAccess(ctx, user, destination, subscribed)) usersLosingAccess.add(userId);
    }
  }
  const lastInTarget = !sameList && targetList ? await repo.message(targetList.lastId) : null;
  state.lastInTarget = lastInTarget && topicMessage(lastInTarget);
  state.targetTopicExists = (targetList?.count ?? 0) > 0;
  state.policies = { from: fromPolicies, to: activePolicies(to), targetTopicHasMessages: !sameList && (targetList?.count ?? 0) > 0, usersLosingAccess, userVersions: knownUserVersions(from, to) };
  return state;
}

/** The existing uploads the message claims, and whether another message claims each too. */
async function previousClaims(deps: MessagesDeps, message: MessageState): Promise<Record<string, PreviousClaim>> {
  const claims: Record<string, PreviousClaim> = {};
  for (const pathId of message.attachmentPathIds ?? []) {
    const attachment = deps.attachments.attachment(pathId);
    if (!attachment) continue;
    // The index keeps deleted messages (see applyDeleted): only messages that exist count.
    const others = (await deps.repo.messagesClaiming(pathId)).filter((id) => id !== message.messageId);
    const claimedElsewhere = others.length > 0 && (await deps.repo.messagesByIds(others)).length > 0;
    claims[pathId] = { attachment, claimedElsewhere };
  }
  return claims;
}

const topicMessage = (m: MessageState): TopicMessage => ({ messageId: m.messageId, timestamp: m.timestamp, senderId: m.senderId });
