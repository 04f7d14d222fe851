import type { ChannelState } from '../../channels/channel.state';
import { planPolicyMove } from '../../user-topics/move-policies';
import { MESSAGES_AGGREGATE } from '../message.state';
import { silentMention } from '../notification-bot/notification-bot';
import { newThreadBreadcrumb, oldThreadBreadcrumb, resolveNotice, type BreadcrumbInput } from './breadcrumbs';
import type { CheckedEdit } from './edit-message.check';
import type { EditMessageState, EventDraft, Notice } from './edit-message.decide';
import type { EditRequest } from './edit-request';
import { selectMoved, type TopicMessage } from './move-selection';

/** Zulip's `RESOLVE_TOPIC_UNDO_GRACE_PERIOD_SECONDS`. */
export const RESOLVE_UNDO_GRACE_SECONDS = 60;

/** A move whose checks passed: what moves, from where to where. */
export interface PlannedMove {
  moved: TopicMessage[];
  movedIds: number[];
  /** Whether the move leaves none of the old topic's messages the mover can see. */
  wholeTopic: boolean;
  from: { channelId: number; topic: string };
  to: { channelId: number; topic: string };
  channel: ChannelState;
  destination: ChannelState;
}

export function planMove(checked: CheckedEdit, channel: ChannelState, request: EditRequest, state: EditMessageState): PlannedMove {
  const destination = checked.target ?? channel;
  const moved = selectMoved(state.topicMessages, checked.message, request.propagateMode);
  const movedIds = moved.map((m) => m.messageId);
  return {
    moved,
    movedIds,
    wholeTopic: state.topicMessages.every((m) => movedIds.includes(m.messageId)),
    from: { channelId: channel.channelId, topic: checked.oldTopic },
    to: { channelId: destination.channelId, topic: checked.newTopicName },
    channel,
    destination,
  };
}

/** Zulip's `do_update_message` for a move: the moved messages, with the users' policies of a whole topic following it. */
export function movedEvent(move: PlannedMove, checked: CheckedEdit, request: EditRequest, state: EditMessageState, now: Date): EventDraft {
  const { from, to } = move;
  const policyChanges = move.wholeTopic
    ? planPolicyMove({
        from: { channelId: from.channelId, topicName: from.topic, policies: state.policies.from },
        to: { channelId: to.channelId, topicName: to.topic, policies: state.policies.to },
        targetTopicHasMessages: state.policies.targetTopicHasMessages,
        usersLosingAccess: state.policies.usersLosingAccess,
        userVersions: state.policies.userVersions,
        now: Math.floor(now.getTime() / 1000),
      })
    : [];
  return {
    type: 'messages.moved.v1',
    aggregateId: MESSAGES_AGGREGATE,
    data: {
      messageId: checked.message.messageId,
      messageIds: move.movedIds,
      editorId: state.actor.userId,
      from,
      to,
      propagateMode: request.propagateMode,
      resolved: checked.toggle,
      movedAt: now.toISOString(),
      withContentEdit: request.content !== undefined,
      policyChanges,
    },
  };
}

/** Zulip's `send_message_moved_breadcrumbs`: the new topic's (not for a resolve) and the old topic's, as asked. */
export function breadcrumbNotices(move: PlannedMove, checked: CheckedEdit, request: EditRequest, state: EditMessageState): Notice[] {
  const crumbs: BreadcrumbInput = {
    from: { ...move.from, channelName: move.channel.name },
    to: { ...move.to, channelName: move.destination.name },
    mover: silentMention(state.actor),
    movedCount: move.movedIds.length,
    wholeTopic: move.wholeTopic,
    messageId: checked.message.messageId,
  };
  const notices: Notice[] = [];
  if (checked.toggle === null && request.notifyNewThread) notices.push({ ...move.to, content: newThreadBreadcrumb(crumbs) });
  if (request.notifyOldThread) notices.push({ ...move.from, content: oldThreadBreadcrumb(crumbs) });
  return notices;
}

/**
 * Zulip's resolve notice, for a resolve or unresolve that only renames the topic; or, per its
 * `maybe_delete_previous_resolve_topic_notification`, the deletion of a Notification Bot message
 * ending the topic, younger than the grace period (a resolve just undone), instead.
 */
export function resolveStep(
  move: PlannedMove,
  checked: CheckedEdit,
  request: EditRequest,
  state: EditMessageState,
  now: Date,
): { events: EventDraft[]; notices: Notice[] } {
  const { toggle } = checked;
  const pureTopicEdit = request.content === undefined && !checked.target;
  if (toggle === null || !pureTopicEdit) return { events: [], notices: [] };
  const last = [move.moved.at(-1), state.lastInTarget]
    .filter((m): m is TopicMessage => m !== undefined && m !== null)
    .sort((a, b) => b.messageId - a.messageId)[0];
  if (last && last.senderId === state.notificationBotId && now.getTime() / 1000 - last.timestamp <= RESOLVE_UNDO_GRACE_SECONDS) {
    const deleted: EventDraft = {
      type: 'messages.deleted.v1',
      aggregateId: MESSAGES_AGGREGATE,
      data: { messageIds: [last.messageId], conversation: { type: 'channel', ...move.to } },
    };
    return { events: [deleted], notices: [] };
  }
  return { events: [], notices: [{ ...move.to, content: resolveNotice(silentMention(state.actor), toggle) }] };
}
