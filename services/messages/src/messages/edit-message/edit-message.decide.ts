import { createHash } from 'node:crypto';
import { RESOLVED_TOPIC_PREFIX, type VisibilityPolicy } from '@zulip-es/contracts';
import { badRequest, DomainError, type Decision, type NewEvent } from '@zulip-es/platform';
import { hasRealmPermission, inChannelSetting, type AccessContext } from '../../channels/channel-access';
import type { ChannelState } from '../../channels/channel.state';
import { planPolicyMove } from '../../user-topics/move-policies';
import type { ReadUser } from '../../users-read-model/users-read-model';
import { silentMention } from '../notification-bot/notification-bot';
import { MESSAGES_AGGREGATE, type MessageState } from '../message.state';
import { renderContent } from '../render-content';
import { normalizeContent, normalizeTopic } from '../send-message/message-text';
import { checkChannelTopicsPolicy } from '../send-message/send-message.decide';
import { checkCanCreateTopic } from '../topic-creation';
import { checkWildcardMentions, wildcardMentions } from '../wildcard-mentions';
import { newThreadBreadcrumb, oldThreadBreadcrumb, resolveNotice, type BreadcrumbInput } from './breadcrumbs';
import { canMoveOutOfChannel, canMoveWithinChannel, canResolveTopics, checkCanEditContent, ignoresMoveTimeLimits } from './edit-permissions';
import type { EditRequest } from './edit-request';
import { pastLimit, scanTimeLimits, selectMoved, type TopicMessage } from './move-selection';
import { resolveToggle } from './resolve-topic';
import { claimedPathIds, type LinkedUploads } from '../../attachments/upload-claims';
import { detachedUploads, type DetachedUpload, type PreviousClaim } from '../../attachments/detached-uploads';

export interface EditMessageState {
  ctx: AccessContext;
  actor: ReadUser;
  /** The message, when it exists and the actor may read it (else Zulip's `Invalid message(s)`). */
  message: MessageState | null;
  /** The message's channel (channel messages). */
  channel: ChannelState | null;
  /** `stream_id`'s channel when it exists and the actor has content access to it, else null. */
  targetChannel: ChannelState | null;
  /** The messages of the message's topic the actor can see, sorted by id (read for moves). */
  topicMessages: readonly TopicMessage[];
  /** Who a wildcard mention in the new content would reach (read for content edits of channel messages). */
  wildcardAudience: { channelSubscribers: number; topicParticipants: number };
  wildcardThreshold: number;
  /** Users' policies of the old and new topic, for them to follow a whole-topic move. */
  policies: {
    from: ReadonlyMap<number, VisibilityPolicy>;
    to: ReadonlyMap<number, VisibilityPolicy>;
    targetTopicHasMessages: boolean;
    /** Users with a policy for the old topic who cannot access the destination channel. */
    usersLosingAccess: ReadonlySet<number>;
    /** Per user, the latest of their own policy events both topics' indexes know (`knownUserVersions`). */
    userVersions: ReadonlyMap<number, number>;
  };
  /** Whether the destination topic has messages (matched case-insensitively; the moved ones count when it is their own). */
  targetTopicExists: boolean;
  /** The destination topic's newest message before the move, when the destination is another list. */
  lastInTarget: TopicMessage | null;
  notificationBotId: number | null;
  messagesVersion: number;
  /** Content edits: the existing uploads the new content links to (absent: none). */
  linkedUploads?: LinkedUploads;
  /** Content edits: the existing uploads the message claims before the edit, by path id (absent: none). */
  previousClaims?: Readonly<Record<string, PreviousClaim>>;
}

/** Zulip's `RESOLVE_TOPIC_UNDO_GRACE_PERIOD_SECONDS`. */
export const RESOLVE_UNDO_GRACE_SECONDS = 60;

/** A Notification Bot message the edit sends, in the same command (after the edit's own events). */
export interface Notice {
  channelId: number;
  topic: string;
  content: string;
}

export interface EditDecision extends Decision {
  notices: Notice[];
}

const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/**
 * Zulip's `check_update_message` and `do_update_message` for PATCH /messages/{message_id}, in
 * Zulip's order of checks (see docs of §E1): access, content permission, payload, topic and
 * channel permissions with their time limits, wildcard mentions, the whole-topic time-limit
 * scan. Returns the edit's events and the notices the Notification Bot sends with them.
 */
export function decideEditMessage(request: EditRequest, state: EditMessageState, now: Date): EditDecision {
  const { ctx, actor, message } = state;
  const nowSeconds = now.getTime() / 1000;
  if (!message) throw badRequest('Invalid message(s)');
  if (request.content !== undefined) checkCanEditContent(ctx, actor, message, nowSeconds);

  const { conversation } = message;
  const oldTopic = conversation.type === 'channel' ? conversation.topic : '';
  const wantedTopic = request.topic !== undefined && !(conversation.type === 'channel' && request.topic === oldTopic) ? request.topic : undefined;
  const wantedChannelId = request.channelId !== undefined && !(conversation.type === 'channel' && request.channelId === conversation.channelId) ? request.channelId : undefined;

  if (request.content === undefined && wantedTopic === undefined && wantedChannelId === undefined) throw badRequest('Nothing to change');
  if (conversation.type === 'direct') {
    if (request.channelId !== undefined) throw badRequest('Direct messages cannot be moved to channels.');
    if (request.topic !== undefined) throw badRequest('Direct messages cannot have topics.');
  }
  if (request.propagateMode !== 'change_one' && wantedTopic === undefined && wantedChannelId === undefined) throw badRequest('Invalid propagate_mode without topic edit');
  if (wantedTopic !== undefined && (wantedTopic === RESOLVED_TOPIC_PREFIX.trim() || wantedTopic === `${RESOLVED_TOPIC_PREFIX}general chat`)) {
    throw badRequest('General chat cannot be marked as resolved');
  }
  const newTopicName = wantedTopic !== undefined ? normalizeTopic(wantedTopic) : oldTopic;
  if (request.content !== undefined && wantedChannelId !== undefined) throw badRequest('Cannot change message content while changing channel');
  if (request.prevContentSha256 !== undefined && request.prevContentSha256 !== sha256(message.content)) {
    throw new DomainError('EXPECTATION_MISMATCH', "'prev_content_sha256' value does not match the expected value.");
  }

  const events: NewEvent[] = [];
  const nextSequence = (): number => state.messagesVersion + events.length + 1;
  const notices: Notice[] = [];

  const toggle = wantedTopic !== undefined ? resolveToggle(oldTopic, wantedTopic) : null;
  const channel = state.channel;
  let target: ChannelState | null = null;
  if (wantedChannelId !== undefined) {
    target = state.targetChannel;
    if (!target) throw badRequest('Invalid channel ID');
  }

  if ((wantedTopic !== undefined || target) && channel) checkChannelTopicsPolicy(ctx.realm, target ?? channel, newTopicName);

  if (wantedTopic !== undefined && channel) {
    if (toggle !== null) {
      if (!canResolveTopics(ctx, actor, channel)) throw badRequest("You don't have permission to resolve topics in this channel.");
    } else {
      if (!canMoveWithinChannel(ctx, actor, channel)) throw badRequest("You don't have permission to edit this message");
      if (!ignoresMoveTimeLimits(actor) && pastLimit(message.timestamp, ctx.realm.moveMessagesWithinStreamLimitSeconds, nowSeconds)) {
        throw badRequest("The time limit for editing this message's topic has passed.");
      }
    }
  }

  let detached: DetachedUpload[] = [];
  if (request.content !== undefined) {
    const content = normalizeContent(request.content.trim() === '' ? '(deleted)' : request.content);
    const renderedContent = renderContent(content);
    if (conversation.type === 'channel') {
      checkWildcardMentions(wildcardMentions(renderedContent), {
        ...state.wildcardAudience,
        canMentionManyUsers: hasRealmPermission(ctx, actor, 'can_mention_many_users_group'),
        threshold: state.wildcardThreshold,
      });
    }
    const claims = claimedPathIds(content, ctx.realm.host, message.senderId, state.linkedUploads ?? {}, message.attachmentPathIds ?? []);
    events.push({
      type: 'message.content_edited.v1',
      aggregateId: MESSAGES_AGGREGATE,
      sequence: nextSequence(),
      data: {
        messageId: message.messageId,
        editorId: actor.userId,
        content,
        renderedContent,
        prevContent: message.content,
        prevRenderedContent: message.renderedContent,
        editedAt: now.toISOString(),
        conversation,
        // Present when the message claims uploads before or after the edit (empty: it dropped them
        // all), so consumers that follow claims skip every other edit; with the send time, which
        // they need for a message that claims its first upload.
        ...(claims.length > 0 || (message.attachmentPathIds ?? []).length > 0
          ? { attachmentPathIds: [...claims], messageSentAt: new Date(message.timestamp * 1000).toISOString() }
          : {}),
      },
    });
    detached = detachedUploads(state.previousClaims ?? {}, claims, actor.userId);
  }

  if (target && channel) {
    if (!canMoveOutOfChannel(ctx, actor, channel)) throw badRequest("You don't have permission to move this message");
    if (!inChannelSetting(ctx, actor, target, 'can_send_message_group')) throw badRequest('You do not have permission to post in this channel.');
    if (!ignoresMoveTimeLimits(actor) && pastLimit(message.timestamp, ctx.realm.moveMessagesBetweenStreamsLimitSeconds, nowSeconds)) {
      throw badRequest("The time limit for editing this message's channel has passed");
    }
  }

  if ((wantedTopic !== undefined || target) && channel && conversation.type === 'channel') {
    const destination = target ?? channel;
    if (request.propagateMode === 'change_all' && toggle === null && !ignoresMoveTimeLimits(actor)) {
      const limits = [wantedTopic !== undefined ? ctx.realm.moveMessagesWithinStreamLimitSeconds : null, target ? ctx.realm.moveMessagesBetweenStreamsLimitSeconds : null];
      const scan = scanTimeLimits(state.topicMessages, limits, nowSeconds);
      if (scan) {
        throw new DomainError('MOVE_MESSAGES_TIME_LIMIT_EXCEEDED', `You only have permission to move the ${scan.allowed}/${scan.total} most recent messages in this topic.`, {
          first_message_id_allowed_to_move: scan.firstAllowedId,
          total_messages_allowed_to_move: scan.allowed,
          total_messages_in_topic: scan.total,
        });
      }
    }
    if (toggle === null) checkCanCreateTopic(ctx, actor, destination, state.targetTopicExists);
    const moved = selectMoved(state.topicMessages, message, request.propagateMode);
    const movedIds = moved.map((m) => m.messageId);
    const wholeTopic = state.topicMessages.every((m) => movedIds.includes(m.messageId));
    const from = { channelId: channel.channelId, topic: oldTopic };
    const to = { channelId: destination.channelId, topic: newTopicName };
    const policyChanges = wholeTopic
      ? planPolicyMove({
          from: { channelId: from.channelId, topicName: from.topic, policies: state.policies.from },
          to: { channelId: to.channelId, topicName: to.topic, policies: state.policies.to },
          targetTopicHasMessages: state.policies.targetTopicHasMessages,
          usersLosingAccess: state.policies.usersLosingAccess,
          userVersions: state.policies.userVersions,
          now: Math.floor(nowSeconds),
        })
      : [];
    events.push({
      type: 'messages.moved.v1',
      aggregateId: MESSAGES_AGGREGATE,
      sequence: nextSequence(),
      data: {
        messageId: message.messageId,
        messageIds: movedIds,
        editorId: actor.userId,
        from,
        to,
        propagateMode: request.propagateMode,
        resolved: toggle,
        movedAt: now.toISOString(),
        withContentEdit: request.content !== undefined,
        policyChanges,
      },
    });
    const crumbs: BreadcrumbInput = {
      from: { ...from, channelName: channel.name },
      to: { ...to, channelName: destination.name },
      mover: silentMention(actor),
      movedCount: movedIds.length,
      wholeTopic,
      messageId: message.messageId,
    };
    const pureTopicEdit = request.content === undefined && !target;
    if (toggle === null && request.notifyNewThread) notices.push({ ...to, content: newThreadBreadcrumb(crumbs) });
    if (request.notifyOldThread) notices.push({ ...from, content: oldThreadBreadcrumb(crumbs) });
    if (toggle !== null && pureTopicEdit) {
      // Zulip's `maybe_delete_previous_resolve_topic_notification`: a Notification Bot message
      // ending the topic, younger than the grace period (a resolve just undone), is deleted
      // instead of adding a notice.
      const last = [moved.at(-1), state.lastInTarget].filter((m): m is TopicMessage => m !== undefined && m !== null).sort((a, b) => b.messageId - a.messageId)[0];
      if (last && last.senderId === state.notificationBotId && nowSeconds - last.timestamp <= RESOLVE_UNDO_GRACE_SECONDS) {
        events.push({
          type: 'messages.deleted.v1',
          aggregateId: MESSAGES_AGGREGATE,
          sequence: nextSequence(),
          data: { messageIds: [last.messageId], conversation: { type: 'channel', ...to } },
        });
      } else {
        notices.push({ ...to, content: resolveNotice(silentMention(actor), toggle) });
      }
    }
  }
  return { events, reply: { detached_uploads: detached }, notices };
}


/**
 * A redelivered edit answers no detached uploads: which uploads the edit left unclaimed depends on
 * the claims of other messages at the time, which the recorded events do not hold.
 */
export const editMessageReplyFrom = (): Record<string, unknown> => ({ detached_uploads: [] });
