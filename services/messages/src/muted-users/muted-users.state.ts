import type { UserMutedV1, UserUnmutedV1 } from '@zulip-es/contracts';

export type MutedUsersEvent = UserMutedV1 | UserUnmutedV1;

/** One user muted by another: since when (Unix seconds, Zulip's `timestamp`) and from which message on. */
export interface Mute {
  userId: number;
  mutedAt: number;
  fromMessageId: number;
}

/**
 * The users one user muted (aggregate `muted_users:<userId>`, key `user:<id>`), and when they were
 * muted before (in message ids), so that a message sent while its sender was muted stays read for
 * the user after an unmute, as Zulip marked it on delivery.
 */
export interface MutedUsersState {
  userId: number;
  muted: Mute[];
  past: { userId: number; fromMessageId: number; toMessageId: number }[];
  version: number;
}

export const mutedUsersId = (userId: number): string => `muted_users:${userId}`;

export const noMutedUsers = (userId: number): MutedUsersState => ({ userId, muted: [], past: [], version: 0 });

/** Whether the sender was muted by the user when the message was sent. */
export function mutedWhenSent(state: MutedUsersState, senderId: number, messageId: number): boolean {
  return (
    state.muted.some((m) => m.userId === senderId && messageId >= m.fromMessageId) ||
    state.past.some((p) => p.userId === senderId && messageId >= p.fromMessageId && messageId <= p.toMessageId)
  );
}

/** Pure: the state after an event. */
export function evolveMutedUsers(state: MutedUsersState, event: MutedUsersEvent, sequence: number): MutedUsersState {
  switch (event.type) {
    case 'user.muted.v1': {
      const { mutedUserId, mutedAt, fromMessageId } = event.data;
      const others = state.muted.filter((m) => m.userId !== mutedUserId);
      return {
        ...state,
        muted: [...others, { userId: mutedUserId, mutedAt: Math.floor(Date.parse(mutedAt) / 1000), fromMessageId }],
        version: sequence,
      };
    }
    case 'user.unmuted.v1': {
      const { mutedUserId, fromMessageId } = event.data;
      const ended = state.muted.find((m) => m.userId === mutedUserId);
      const past =
        ended && fromMessageId > ended.fromMessageId
          ? [...state.past, { userId: mutedUserId, fromMessageId: ended.fromMessageId, toMessageId: fromMessageId - 1 }]
          : state.past;
      return { ...state, muted: state.muted.filter((m) => m.userId !== mutedUserId), past, version: sequence };
    }
    default: {
      const unexpected: never = event;
      throw new Error(`muted users cannot apply ${JSON.stringify(unexpected)}`);
    }
  }
}

/** Zulip's `muted_users`: `[{id, timestamp}]`, in the order they were muted. */
export const mutedUsersView = (state: MutedUsersState): { id: number; timestamp: number }[] =>
  state.muted.map((m) => ({ id: m.userId, timestamp: m.mutedAt }));
