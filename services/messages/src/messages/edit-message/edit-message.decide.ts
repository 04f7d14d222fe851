import type { VisibilityPolicy } from '@zulip-es/contracts';
import type { NewEventDraft } from '@zulip-es/platform';
import type { ChannelState } from '../../channels/channel.state';
import type { DetachedUpload } from '../../attachments/detached-uploads';
import { checkCanCreateTopic } from '../topic-creation';
import { contentEdit } from './content-edit';
import { checkEditMessage, type CheckedEdit, type EditCheckState } from './edit-message.check';
import { checkTimeLimitForChangeAll, ignoresMoveTimeLimits } from './edit-permissions';
import type { EditRequest } from './edit-request';
import { breadcrumbNotices, movedEvent, planMove, resolveStep } from './message-move';
import type { TopicMessage } from './move-selection';
import type { MessagesDecision, MessagesNewEvent } from '../../shared/messages-new-event';

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

/** A Notification Bot message the edit sends, in the same command (after the edit's own events). */
export interface Notice {
  channelId: number;
  topic: string;
  content: string;
}

export interface EditDecision extends MessagesDecision {
  notices: Notice[];
}

/** An event of the edit before it is numbered: the edit's events follow one another in the messages aggregate. */
export type EventDraft = NewEventDraft<MessagesNewEvent, 'sequence'>;

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
  const channel = checked.moves ? checked.channel : null;
  if (channel) checkTopicMove(checked, channel, request, state, now);
  const events: EventDraft[] = [];
  const notices: Notice[] = [];
  let detached: DetachedUpload[] = [];
  if (checked.content) {
    const edit = contentEdit(checked.message, checked.content, state, now);
    events.push(edit.event);
    detached = edit.detached;
  }
  if (channel) {
    const move = planMove(checked, channel, request, state);
    const resolve = resolveStep(move, checked, request, state, now);
    events.push(movedEvent(move, checked, request, state, now), ...resolve.events);
    notices.push(...breadcrumbNotices(move, checked, request, state), ...resolve.notices);
  }
  return { events: numbered(events, state.messagesVersion), reply: { detached_uploads: detached }, notices };
}

const numbered = (drafts: readonly EventDraft[], version: number): MessagesNewEvent[] =>
  drafts.map((e, i) => ({ ...e, sequence: version + i + 1 }));

/**
 * The checks of a move that need the topic's messages, neither of which a resolve or unresolve
 * takes: Zulip's `check_time_limit_for_change_all_propagate_mode` (moderators exempt) and
 * `check_for_can_create_topic_group_violation` in the destination.
 */
function checkTopicMove(checked: CheckedEdit, channel: ChannelState, request: EditRequest, state: EditMessageState, now: Date): void {
  const { ctx, actor } = state;
  if (checked.toggle !== null) return;
  if (request.propagateMode === 'change_all' && !ignoresMoveTimeLimits(actor)) {
    const limits = [
      checked.wantedTopic !== undefined ? ctx.realm.moveMessagesWithinStreamLimitSeconds : null,
      checked.target ? ctx.realm.moveMessagesBetweenStreamsLimitSeconds : null,
    ];
    checkTimeLimitForChangeAll(state.topicMessages, limits, now.getTime() / 1000);
  }
  checkCanCreateTopic(ctx, actor, checked.target ?? channel, state.targetTopicExists);
}

/**
 * A redelivered edit answers no detached uploads: which uploads the edit left unclaimed depends on
 * the claims of other messages at the time, which the recorded events do not hold.
 */
export const editMessageReplyFrom = (): Record<string, unknown> => ({ detached_uploads: [] });
