import type { MessageFlagsUpdatedV1, UnreadMessageDetails, UnreadMessagesRecordedV1 } from '@zulip-es/contracts';
import type { NewEvent } from '@zulip-es/platform';
import { userFlagsId } from '../user-flags.state';
import type { FlagChange } from './flag-change';

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
export function decideFlagChange(change: FlagChange, state: FlagsState, targets: ChangeTargets): NewEvent[] {
  const events: NewEvent[] = recordUnread(state);
  const messageIds = changedIds(change, targets);
  if (messageIds.length > 0) {
    const details = change.flag === 'read' && change.op === 'remove' && targets.details ? Object.fromEntries(messageIds.flatMap((id) => (targets.details!.has(id) ? [[String(id), targets.details!.get(id)!]] : []))) : undefined;
    const updated: MessageFlagsUpdatedV1 = { type: 'message_flags.updated.v1', data: { userId: state.userId, flag: change.flag, op: change.op, messageIds, ...(details ? { details } : {}) } };
    events.push({ ...updated, aggregateId: userFlagsId(state.userId), sequence: state.version + events.length + 1 });
  }
  return events;
}

/** The record of the unread messages received since the last one (none when nothing was sent since). */
export function recordUnread(state: FlagsState): NewEvent[] {
  if (state.lastMessageId <= state.recordedThrough) return [];
  const recorded: UnreadMessagesRecordedV1 = {
    type: 'unread_messages.recorded.v1',
    data: { userId: state.userId, throughMessageId: state.lastMessageId, messageIds: [...state.unrecorded].sort((a, b) => a - b) },
  };
  return [{ ...recorded, aggregateId: userFlagsId(state.userId), sequence: state.version + 1 }];
}
