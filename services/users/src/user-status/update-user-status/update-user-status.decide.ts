import { Role, type OperationData, type updateOwnStatus, type updateUserStatus, type UserStatusChangedV1 } from '@zulip-es/contracts';
import { badRequest } from '@zulip-es/platform';
import { resolveEmojiRequest, type CustomEmojiById } from '@zulip-es/zulip-emoji';
import type { UserState } from '../../domain/user.state';
import { accessTarget } from '../../shared/user-rules';
import { NO_STATUS, userStatusAggregateId, type UserStatusState } from '../user-status.state';
import type { UsersNewEvent } from '../../shared/users-new-event';

export type UpdateOwnStatus = OperationData<typeof updateOwnStatus>;
export type UpdateUserStatus = OperationData<typeof updateUserStatus>;
type StatusRequest = Omit<UpdateOwnStatus, 'away'> & { away?: boolean };

export interface UpdateStatusState {
  actor: UserState;
  /** Whose status changes: the `user_id` user (administrator endpoint) or the caller. */
  target: UserState | null;
  current: UserStatusState | null;
  /** The organization's custom emoji, by id. */
  customEmoji: CustomEmojiById;
}

export const BOT_REFUSED = 'This endpoint does not accept bot requests.';

/** POST /users/me/status. */
export function decideOwnStatus(cmd: UpdateOwnStatus, state: UpdateStatusState): UsersNewEvent[] {
  if (state.actor.isBot) throw badRequest(BOT_REFUSED);
  return decideStatus(cmd, state.actor, state);
}

/** POST /users/{user_id}/status, in Zulip's order: the target is looked up before the caller's role counts. */
export function decideUserStatus(cmd: UpdateUserStatus, state: UpdateStatusState): UsersNewEvent[] {
  if (state.actor.isBot) throw badRequest(BOT_REFUSED);
  if (state.target?.isBot) throw badRequest('No such user');
  const target = accessTarget(state.target, { allowDeactivated: false });
  if (state.actor.role > Role.ADMINISTRATOR) throw badRequest('Insufficient permission');
  const { status_text, emoji_name, emoji_code, reaction_type } = cmd;
  return decideStatus({ status_text, emoji_name, emoji_code, reaction_type }, target, state);
}

/** Zulip's `update_user_status_backend` after authorization; only a real change is an event. */
function decideStatus(cmd: StatusRequest, target: UserState, state: UpdateStatusState): UsersNewEvent[] {
  if (cmd.away === undefined && cmd.status_text === undefined && cmd.emoji_name === undefined) {
    throw badRequest('Client did not pass any new values.');
  }
  const data: UserStatusChangedV1['data'] = { userId: target.userId };
  if (cmd.status_text !== undefined) data.statusText = cmd.status_text;
  if (cmd.away !== undefined) data.away = cmd.away;
  if (cmd.emoji_name === '') {
    Object.assign(data, { emojiName: '', emojiCode: '', reactionType: 'unicode_emoji' });
  } else if (cmd.emoji_name !== undefined) {
    const request = resolveEmojiRequest(cmd.emoji_name, cmd.emoji_code, cmd.reaction_type, state.customEmoji);
    if (!request.ok) throw badRequest(request.problem);
    Object.assign(data, { emojiName: cmd.emoji_name, ...request.emoji });
  } else if (cmd.emoji_code || cmd.reaction_type) {
    // Python truthiness: an empty code or type without a name is not an error.
    throw badRequest('Client must pass emoji_name if they pass either emoji_code or reaction_type.');
  }
  const current = state.current ?? NO_STATUS(target.userId);
  if (!changes(current, data)) return [];
  return [{ type: 'user_status.changed.v1', aggregateId: userStatusAggregateId(target.userId), sequence: current.version + 1, data }];
}

function changes(current: UserStatusState, data: UserStatusChangedV1['data']): boolean {
  return (
    (data.statusText !== undefined && data.statusText !== current.statusText) ||
    (data.away !== undefined && data.away !== current.away) ||
    (data.emojiName !== undefined &&
      (data.emojiName !== current.emojiName || data.emojiCode !== current.emojiCode || data.reactionType !== current.reactionType))
  );
}
