import type { VisibilityPolicy } from '@zulip-es/contracts';
import { alertedUserIds, type AlertWordIndex } from '@zulip-es/message-flags';
import { DomainError, type Decision, type NewEvent } from '@zulip-es/platform';
import { planPolicyMove } from '../../user-topics/move-policies';
import { silentMention } from '../notification-bot/notification-bot';
import { MESSAGES_AGGREGATE } from '../message.state';
import { checkCanCreateTopic } from '../topic-creation';
import { newThreadBreadcrumb, oldThreadBreadcrumb, resolveNotice, type BreadcrumbInput } from './breadcrumbs';
import { checkEditMessage, type CheckedEdit, type EditCheckState } from './edit-message.check';
import { ignoresMoveTimeLimits } from './edit-permissions';
import type { EditRequest } from './edit-request';
import { scanTimeLimits, selectMoved, type TopicMessage } from './move-selection';
import { claimedPathIds } from '../../attachments/upload-claims';
import { detachedUploads, type DetachedUpload } from '../../attachments/detached-uploads';

export type { CheckedEdit, EditCheckState } from './edit-message.check';

/** What a move reads once its checks passed (`CheckedEdit.moves`): the topic's messages and what moves with them. */
export interface MoveState {
  /** The messages of the message's topic the actor can see, sorted by id. */
  topicMessages: readonly TopicMessage[];
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
}

export type EditMessageState = EditCheckState & MoveState;

/** The move state of an edit that moves nothing (nothing of the topic is read). */
export const NOTHING_MOVED: MoveState = {
  topicMessages: [],
  policies: { from: new Map(), to: new Map(), targetTopicHasMessages: false, usersLosingAccess: new Set(), userVersions: new Map() },
  targetTopicExists: false,
  lastInTarget: null,
};

const alertedField = (content: string, alertWords: AlertWordIndex | undefined, readerIds: readonly number[]) => {
  const alerted = alertedUserIds(content, alertWords, readerIds);
  return alerted.length > 0 ? { alertWordUserIds: alerted } : {};
};

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

/**
 * Zulip's `check_update_message` and `do_update_message` for PATCH /messages/{message_id}: the
 * checks (`checkEditMessage`), then those that need the topic's messages. The handler runs the
 * checks before it reads the topic and decides with `decideCheckedEdit`.
 */
export function decideEditMessage(request: EditRequest, state: EditMessageState, now: Date): EditDecision {
  return decideCheckedEdit(checkEditMessage(request, state, now), request, state, now);
}

/**
 * The rest of Zulip's order, after the checks: the whole-topic time-limit scan, topic creation
 * in the destination, then the events (content edit, move, resolve notice or its undo) and the
 * notices the Notification Bot sends with them.
 */
export function decideCheckedEdit(checked: CheckedEdit, request: EditRequest, state: EditMessageState, now: Date): EditDecision {
  const { ctx, actor } = state;
  const { message, oldTopic, wantedTopic, newTopicName, toggle, channel, target, moves } = checked;
  const { conversation } = message;
  const nowSeconds = now.getTime() / 1000;
  const events: NewEvent[] = [];
  const nextSequence = (): number => state.messagesVersion + events.length + 1;
  const notices: Notice[] = [];

  let detached: DetachedUpload[] = [];
  if (checked.content) {
    const { content, renderedContent } = checked.content;
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
        ...alertedField(
          content,
          state.alertWords,
          conversation.type === 'channel' ? (state.channel?.subscriberIds ?? []) : conversation.userIds,
        ),
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

  if (moves && channel) {
    const destination = target ?? channel;
    if (request.propagateMode === 'change_all' && toggle === null && !ignoresMoveTimeLimits(actor)) {
      const limits = [
        wantedTopic !== undefined ? ctx.realm.moveMessagesWithinStreamLimitSeconds : null,
        target ? ctx.realm.moveMessagesBetweenStreamsLimitSeconds : null,
      ];
      const scan = scanTimeLimits(state.topicMessages, limits, nowSeconds);
      if (scan) {
        throw new DomainError(
          'MOVE_MESSAGES_TIME_LIMIT_EXCEEDED',
          `You only have permission to move the ${scan.allowed}/${scan.total} most recent messages in this topic.`,
          {
            first_message_id_allowed_to_move: scan.firstAllowedId,
            total_messages_allowed_to_move: scan.allowed,
            total_messages_in_topic: scan.total,
          },
        );
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
      const last = [moved.at(-1), state.lastInTarget]
        .filter((m): m is TopicMessage => m !== undefined && m !== null)
        .sort((a, b) => b.messageId - a.messageId)[0];
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
