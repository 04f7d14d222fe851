import type { UserMutedV1, UserUnmutedV1 } from '@zulip-es/contracts';
import { badRequest } from '@zulip-es/platform';
import { decideFlagChange, type FlagsState } from '../flags/update-flags/update-flags.decide';
import { mutedUsersId, type MutedUsersState } from './muted-users.state';
import type { MessagesNewEvent } from '../shared/messages-new-event';

export interface MuteState {
  actorId: number;
  /** The user named, as the caller may see them (bots and deactivated users too); undefined: none. */
  target: { userId: number } | undefined;
  muted: MutedUsersState;
  flags: FlagsState;
  /** The caller's unread messages from the user named (marked read by a mute, as Zulip does). */
  unreadFromTarget: readonly number[];
}

/** Zulip's `mute_user` then `do_mute_user`: their unread messages from the user are read. */
export function decideMuteUser(state: MuteState, now: Date): MessagesNewEvent[] {
  if (state.target?.userId === state.actorId) throw badRequest('Cannot mute self');
  if (!state.target) throw badRequest('No such user');
  const mutedUserId = state.target.userId;
  if (state.muted.muted.some((m) => m.userId === mutedUserId)) throw badRequest('User already muted');
  const muted: UserMutedV1 = {
    type: 'user.muted.v1',
    data: { userId: state.actorId, mutedUserId, mutedAt: now.toISOString(), fromMessageId: state.flags.lastMessageId + 1 },
  };
  const read = decideFlagChange({ flag: 'read', op: 'add' }, state.flags, { eligible: state.unreadFromTarget, flagged: new Set() });
  return [{ ...muted, aggregateId: mutedUsersId(state.actorId), sequence: state.muted.version + 1 }, ...read];
}

/** Zulip's `unmute_user`. */
export function decideUnmuteUser(state: Pick<MuteState, 'actorId' | 'target' | 'muted' | 'flags'>): MessagesNewEvent[] {
  if (!state.target) throw badRequest('No such user');
  const mutedUserId = state.target.userId;
  if (!state.muted.muted.some((m) => m.userId === mutedUserId)) throw badRequest('User is not muted');
  const unmuted: UserUnmutedV1 = {
    type: 'user.unmuted.v1',
    data: { userId: state.actorId, mutedUserId, fromMessageId: state.flags.lastMessageId + 1 },
  };
  return [{ ...unmuted, aggregateId: mutedUsersId(state.actorId), sequence: state.muted.version + 1 }];
}
