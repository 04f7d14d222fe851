import type { ReactionType, UserStatusChangedV1 } from '@zulip-es/contracts';

/**
 * One user's status (E8), aggregate `user_status:<id>`. Written only under Kafka key `user:<id>`
 * (the self endpoint keys by the caller, the administrator endpoint by `user_id`), so it has
 * one writer although two operations change it. An empty `emojiName` means no emoji.
 */
export interface UserStatusState {
  userId: number;
  statusText: string;
  emojiName: string;
  emojiCode: string;
  reactionType: ReactionType;
  /** Zulip's legacy `away` (`!presence_enabled`), as last set through the self endpoint. */
  away: boolean;
  version: number;
}

export const userStatusAggregateId = (userId: number): string => `user_status:${userId}`;

export const NO_STATUS = (userId: number): UserStatusState => ({
  userId,
  statusText: '',
  emojiName: '',
  emojiCode: '',
  reactionType: 'unicode_emoji',
  away: false,
  version: 0,
});

/** Pure: the status after `event`; absent fields stay as they were. */
export function evolveUserStatus(state: UserStatusState | null, event: UserStatusChangedV1, sequence: number): UserStatusState {
  const { userId, statusText, away, emojiName, emojiCode, reactionType } = event.data;
  const current = state ?? NO_STATUS(userId);
  return {
    ...current,
    ...(statusText === undefined ? {} : { statusText }),
    ...(away === undefined ? {} : { away }),
    ...(emojiName === undefined ? {} : { emojiName, emojiCode: emojiCode ?? '', reactionType: reactionType ?? 'unicode_emoji' }),
    version: sequence,
  };
}

/**
 * Zulip's `format_user_status`: only what is set, so a user without a status is `{}`.
 * (`away` is reported from this aggregate until per-user settings own `presence_enabled`.)
 */
export function userStatusView(status: UserStatusState | null): Record<string, unknown> {
  if (!status) return {};
  const view: Record<string, unknown> = {};
  if (status.away) view.away = true;
  if (status.statusText) view.status_text = status.statusText;
  if (status.emojiName) {
    view.emoji_name = status.emojiName;
    view.emoji_code = status.emojiCode;
    view.reaction_type = status.reactionType;
  }
  return view;
}
