import { toEveryone, type ClientEventsOf } from './client-event';

/** Zulip's `user_status`: only the fields that changed. */
export const userStatusChanged: ClientEventsOf<'user_status.changed.v1'> = ({ data }, directory) =>
  toEveryone(directory, {
    type: 'user_status',
    user_id: data.userId,
    ...(data.away !== undefined ? { away: data.away } : {}),
    ...(data.statusText !== undefined ? { status_text: data.statusText } : {}),
    ...(data.emojiName !== undefined ? { emoji_name: data.emojiName } : {}),
    ...(data.emojiCode !== undefined ? { emoji_code: data.emojiCode } : {}),
    ...(data.reactionType !== undefined ? { reaction_type: data.reactionType } : {}),
  });
