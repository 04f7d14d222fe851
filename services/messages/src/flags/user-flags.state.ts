import type { MessageFlagsUpdatedV1, MessageFlagsUpdatedV2, UnreadMessagesClearedV1, UnreadMessagesRecordedV1 } from '@zulip-es/contracts';

export type UserFlagsEvent = MessageFlagsUpdatedV1 | MessageFlagsUpdatedV2 | UnreadMessagesRecordedV1 | UnreadMessagesClearedV1;

/**
 * One user's message flags (aggregate `flags:<userId>`, written only by that user's commands,
 * key `user:<id>`). Nothing is written per recipient when a message is sent: a message the user
 * received after `recordedThrough` is unread unless they sent it (and had it read); those up to it
 * are unread exactly when in the user's `unread` list. Starred and collapsed messages are lists of
 * their own. See `unread-view.ts`.
 */
export interface UserFlagsState {
  userId: number;
  recordedThrough: number;
  version: number;
}

export const userFlagsId = (userId: number): string => `flags:${userId}`;

export const noUserFlags = (userId: number): UserFlagsState => ({ userId, recordedThrough: 0, version: 0 });

/** The id lists of a user's flags (see message-list.ts). */
export const FlagLists = {
  unread: (userId: number): string => `unread:${userId}`,
  starred: (userId: number): string => `starred:${userId}`,
  collapsed: (userId: number): string => `collapsed:${userId}`,
};

/**
 * Zulip's `MAX_UNREAD_MESSAGES`: the most unread messages a user keeps. Recording more keeps the
 * newest; the older ones count as read (Zulip reports only these, with `old_unreads_missing`).
 */
export const MAX_UNREAD_MESSAGES = 50_000;

/** Pure: the user's flags document after an event (its lists change beside it). */
export function evolveUserFlags(state: UserFlagsState, event: UserFlagsEvent, sequence: number): UserFlagsState {
  switch (event.type) {
    case 'unread_messages.recorded.v1':
    case 'unread_messages.cleared.v1':
      return { ...state, recordedThrough: Math.max(state.recordedThrough, event.data.throughMessageId), version: sequence };
    case 'message_flags.updated.v1':
    case 'message_flags.updated.v2':
      return { ...state, version: sequence };
    default: {
      const unexpected: never = event;
      throw new Error(`user flags cannot apply ${JSON.stringify(unexpected)}`);
    }
  }
}
