import type { MessageFlagsUpdatedV2, UnreadMessageDetails, UnreadMessagesRecordedV1, UnreadPlace } from '@zulip-es/contracts';
import { userFlagsId } from '../user-flags.state';
import type { FlagChange } from './flag-change';
import type { MessagesNewEvent } from '../../shared/messages-new-event';

/** A user's flags as a flag command reads them. */
export interface FlagsState {
  userId: number;
  version: number;
  recordedThrough: number;
  /** The newest message id now: unread messages up to it are recorded with the change. */
  lastMessageId: number;
  /** The user's unread messages after `recordedThrough`, ids ascending. */
  unrecorded: readonly number[];
}

/** Of the messages a change names, those that have the flag now, and those it may apply to. */
export interface ChangeTargets {
  /** The messages the change may apply to (for marking unread: those in the user's channels and conversations). */
  eligible: readonly number[];
  /** Of them, those that have the flag now (`read` for the read ones). */
  flagged: ReadonlySet<number>;
  /** For marking unread: where each message is (Zulip's `message_details`). */
  details?: ReadonlyMap<number, UnreadMessageDetails>;
}

/** The messages whose flag the change turns (added where absent, removed where present), ascending. */
export function changedIds({ op }: Pick<FlagChange, 'op'>, targets: ChangeTargets): number[] {
  const ids = [...new Set(targets.eligible)].sort((a, b) => a - b);
  return op === 'add' ? ids.filter((id) => !targets.flagged.has(id)) : ids.filter((id) => targets.flagged.has(id));
}

/**
 * A flag change of the user's, after recording their unread messages received since the last
 * record (so that the change applies to recorded messages only): the record when anything was
 * received since, then the change when it changes anything.
 */
export function decideFlagChange(change: FlagChange, state: FlagsState, targets: ChangeTargets): MessagesNewEvent[] {
  const events: MessagesNewEvent[] = recordUnread(state);
  const messageIds = changedIds(change, targets);
  if (messageIds.length > 0) {
    const places = change.flag === 'read' && change.op === 'remove' && targets.details ? placesOf(messageIds, targets.details) : undefined;
    const updated: MessageFlagsUpdatedV2 = {
      type: 'message_flags.updated.v2',
      data: { userId: state.userId, flag: change.flag, op: change.op, messageIds, ...(places ? { places } : {}) },
    };
    events.push({ ...updated, aggregateId: userFlagsId(state.userId), sequence: state.version + events.length + 1 });
  }
  return events;
}

/** A flag change among a command's events: v1 in those of commands decided before v2, answered again after a redelivery. */
export const isFlagsUpdate = <E extends { type: string }>(
  event: E,
): event is E & { type: 'message_flags.updated.v2' | 'message_flags.updated.v1' } =>
  event.type === 'message_flags.updated.v2' || event.type === 'message_flags.updated.v1';

/**
 * The messages' details grouped by where they are (a topic, exactly as named, or a conversation),
 * in the order of their first message: one topic's 10,000 messages name it once.
 */
export function placesOf(messageIds: readonly number[], details: ReadonlyMap<number, UnreadMessageDetails>): UnreadPlace[] {
  const places = new Map<string, UnreadPlace>();
  for (const id of messageIds) {
    const d = details.get(id);
    if (!d) continue;
    const key = JSON.stringify(d.type === 'stream' ? [d.channelId, d.topic, d.unmutedStreamMsg] : d.userIds);
    let place = places.get(key);
    if (!place) {
      place =
        d.type === 'stream'
          ? { type: 'stream', channelId: d.channelId, topic: d.topic, unmutedStreamMsg: d.unmutedStreamMsg, messageIds: [] }
          : { type: 'private', userIds: d.userIds, messageIds: [] };
      places.set(key, place);
    }
    place.messageIds.push(id);
    if (d.mentioned) (place.mentionedIds ??= []).push(id);
  }
  return [...places.values()];
}

/** The record of the unread messages received since the last one (none when nothing was sent since). */
export function recordUnread(state: FlagsState): MessagesNewEvent[] {
  if (state.lastMessageId <= state.recordedThrough) return [];
  const recorded: UnreadMessagesRecordedV1 = {
    type: 'unread_messages.recorded.v1',
    data: { userId: state.userId, throughMessageId: state.lastMessageId, messageIds: [...state.unrecorded].sort((a, b) => a - b) },
  };
  return [{ ...recorded, aggregateId: userFlagsId(state.userId), sequence: state.version + 1 }];
}
