import { Controller, Inject } from '@nestjs/common';
import { updateMessage } from '@zulip-es/contracts';
import { CommandPattern, type Decision, type OperationContext } from '@zulip-es/platform';
import { hasContentAccess } from '../../channels/channel-access';
import { channelsContext, type ChannelsContext } from '../../channels/channels-context';
import type { ChannelState } from '../../channels/channel.state';
import { activeSubscription } from '../../channels/user-subscriptions.state';
import { MESSAGES_DEPS, type MessagesDeps } from '../../shared/messages-deps';
import { activePolicies, knownUserVersions } from '../../user-topics/topic-policies.state';
import { idsFrom, listSummary } from '../message-lists/message-list';
import { ListKeys, topicKey, type MessageState } from '../message.state';
import { channelNoticeEvents, notificationBot } from '../notification-bot/notification-bot';
import { renderContextFor } from '../../rendering/render-context';
import { MessageReader } from '../read-messages/message-access';
import { participantIds } from '../topic-participants.state';
import { mentionsTopicWildcard, WILDCARD_MENTION_THRESHOLD } from '../wildcard-mentions';
import { checkEditMessage, type CheckedEdit, type EditCheckState } from './edit-message.check';
import { decideCheckedEdit, editMessageReplyFrom, NOTHING_MOVED, type MoveState } from './edit-message.decide';
import { editRequest, type EditRequest } from './edit-request';
import type { TopicMessage } from './move-selection';
import { linkedUploads } from '../../attachments/linked-uploads';
import type { PreviousClaim } from '../../attachments/detached-uploads';
import { uploadPathIds } from '../../attachments/upload-links';

@Controller()
export class EditMessageHandler {
  constructor(@Inject(MESSAGES_DEPS) private readonly deps: MessagesDeps) {}

  /**
   * PATCH /messages/{message_id}. Loads what the checks need (the topic's participants only for
   * content mentioning the topic), checks, reads the topic's messages only for a move that passed
   * them, decides, then appends the Notification Bot's notices to the same command's events, so a
   * move and its breadcrumbs are decided (and delivered) together. Every message command of the
   * organization waits behind this one (key `realm`): whoever may not move a topic must not make it
   * read one of 100,000 messages.
   */
  @CommandPattern(updateMessage, { replyFrom: editMessageReplyFrom })
  async editMessage({ actorId, data, now }: OperationContext<typeof updateMessage>): Promise<Decision> {
    const { deps } = this;
    const request = editRequest(data);
    const ctx = channelsContext(deps.users, actorId);
    const reader = new MessageReader(deps.repo, ctx.actor, ctx, await deps.repo.subscriptionsOf(ctx.actor.userId));
    const base = await loadCheckState(deps, ctx, reader, request, deps.wildcardMentionThreshold ?? WILDCARD_MENTION_THRESHOLD);
    const checked = checkEditMessage(request, base, now);
    const moveState = checked.moves ? await loadMoveState(deps, ctx, reader, checked) : NOTHING_MOVED;
    const decision = decideCheckedEdit(checked, request, { ...base, ...moveState }, now);
    const notices = await channelNoticeEvents(deps, decision.events, decision.notices, now);
    return { events: [...decision.events, ...notices], reply: decision.reply };
  }
}

/** Zulip's `access_stream_by_id_for_message`: the channel, if the actor has content access to it. */
async function accessibleChannel(
  deps: MessagesDeps,
  ctx: ChannelsContext,
  reader: MessageReader,
  channelId: number,
): Promise<ChannelState | null> {
  const channel = await deps.repo.channel(channelId);
  if (!channel) return null;
  return hasContentAccess(ctx, ctx.actor, channel, activeSubscription(reader.subscriptions, channelId) !== undefined) ? channel : null;
}

/** What the checks need: nothing that grows with the topic's messages. */
async function loadCheckState(
  deps: MessagesDeps,
  ctx: ChannelsContext,
  reader: MessageReader,
  request: EditRequest,
  wildcardThreshold: number,
): Promise<EditCheckState> {
  const { repo } = deps;
  const [found, messagesVersion] = await Promise.all([repo.message(request.messageId), repo.messagesVersion()]);
  const message = found && (await reader.canRead(found)) ? found : null;
  const state: EditCheckState = {
    ctx,
    actor: ctx.actor,
    message,
    channel: null,
    targetChannel: null,
    wildcardAudience: { channelSubscribers: 0, topicParticipants: 0 },
    wildcardThreshold,
    notificationBotId: notificationBot(deps.users)?.userId ?? null,
    alertWords: deps.alertWords?.index,
    messagesVersion,
  };
  if (message && request.content !== undefined) {
    state.render = await renderContextFor(deps, ctx, ctx.actor, request.content);
    if (uploadPathIds(request.content, ctx.realm.host).length > 0)
      state.linkedUploads = await linkedUploads(deps, reader, request.content, ctx.realm.host);
    state.previousClaims = await previousClaims(deps, message);
  }
  const conversation = message?.conversation;
  if (!message || conversation?.type !== 'channel') return state;
  const channel = await reader.channel(conversation.channelId);
  if (!channel) return state;
  state.channel = channel;
  if (request.content !== undefined && request.content.includes('@**')) {
    const participants =
      state.render && mentionsTopicWildcard(request.content, state.render)
        ? participantIds(await repo.topicParticipantsOf(channel.channelId, conversation.topic)).length
        : 0;
    state.wildcardAudience = {
      channelSubscribers: channel.subscriberIds.filter((id) => ctx.user(id)?.isActive).length,
      topicParticipants: participants,
    };
  }
  if (request.channelId !== undefined && request.channelId !== channel.channelId)
    state.targetChannel = await accessibleChannel(deps, ctx, reader, request.channelId);
  return state;
}

/**
 * What a move needs once its checks passed: the topic's messages the actor can see (all of them:
 * the time-limit scan and a whole-topic move need every one), the policies that follow the topic,
 * and the destination topic's state.
 */
async function loadMoveState(deps: MessagesDeps, ctx: ChannelsContext, reader: MessageReader, checked: CheckedEdit): Promise<MoveState> {
  const { repo } = deps;
  const channel = checked.channel!;
  const oldTopic = checked.oldTopic;
  const allIds = await idsFrom(repo.lists, ListKeys.topic(channel.channelId, oldTopic), 0, Number.MAX_SAFE_INTEGER);
  const visibleIds = await reader.acceptInChannel(channel.channelId, allIds);
  const topicMessages = (await repo.messagesByIds(visibleIds)).map(topicMessage).sort((a, b) => a.messageId - b.messageId);
  const destination = checked.target ?? channel;
  const newTopic = checked.newTopicName;
  const [from, to, targetList] = await Promise.all([
    repo.topicPoliciesOf(channel.channelId, oldTopic),
    repo.topicPoliciesOf(destination.channelId, newTopic),
    listSummary(repo.lists, ListKeys.topic(destination.channelId, newTopic)),
  ]);
  const fromPolicies = activePolicies(from);
  const sameList = destination.channelId === channel.channelId && topicKey(newTopic) === topicKey(oldTopic);
  const usersLosingAccess = new Set<number>();
  if (checked.target) {
    for (const userId of fromPolicies.keys()) {
      const user = ctx.user(userId);
      const subscribed = activeSubscription(await repo.subscriptionsOf(userId), destination.channelId) !== undefined;
      if (!user || !hasContentAccess(ctx, user, destination, subscribed)) usersLosingAccess.add(userId);
    }
  }
  const lastInTarget = !sameList && targetList ? await repo.message(targetList.lastId) : null;
  return {
    topicMessages,
    lastInTarget: lastInTarget && topicMessage(lastInTarget),
    targetTopicExists: (targetList?.count ?? 0) > 0,
    policies: {
      from: fromPolicies,
      to: activePolicies(to),
      targetTopicHasMessages: !sameList && (targetList?.count ?? 0) > 0,
      usersLosingAccess,
      userVersions: knownUserVersions(from, to),
    },
  };
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
