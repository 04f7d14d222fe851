import type { MutedUsersState } from '../../muted-users/muted-users.state';
import { mutedWhenSent } from '../../muted-users/muted-users.state';
import type { UserFlagsState } from '../../flags/user-flags.state';

/** What deciding one user's receipt needs: their flags and mutes (their unread list is asked only when needed). */
export interface Reader {
  userId: number;
  flags: UserFlagsState | null;
  muted: MutedUsersState;
}

/**
 * Whether a user who received the message has read it: one recorded in their flags is read unless
 * it is in their unread list; one after that arrived unread unless they had muted its sender.
 */
export async function hasRead(
  reader: Reader,
  message: { messageId: number; senderId: number },
  inUnreadList: () => Promise<boolean>,
): Promise<boolean> {
  if (reader.flags && message.messageId <= reader.flags.recordedThrough) return !(await inUnreadList());
  return mutedWhenSent(reader.muted, message.senderId, message.messageId);
}

/**
 * Zulip leaves out users who muted the caller (who could otherwise tell they were muted) and
 * users the caller muted.
 */
export function hiddenByMuting(candidate: MutedUsersState, caller: MutedUsersState): boolean {
  const mutes = (state: MutedUsersState, userId: number) => state.muted.some((m) => m.userId === userId);
  return mutes(candidate, caller.userId) || mutes(caller, candidate.userId);
}
