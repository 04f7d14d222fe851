import { toOwner, type ClientEventsOf } from './client-event';

/** Zulip's `muted_users`: the user's whole list after the change, to the user. */
export const userMuted: ClientEventsOf<'user.muted.v1'> = ({ data }, directory) => {
  const others = directory.mutedUsers.of(data.userId).filter((m) => m.id !== data.mutedUserId);
  const muted = { id: data.mutedUserId, timestamp: Math.floor(Date.parse(data.mutedAt) / 1000) };
  return toOwner(data.userId, { type: 'muted_users', muted_users: [...others, muted] });
};

export const userUnmuted: ClientEventsOf<'user.unmuted.v1'> = ({ data }, directory) =>
  toOwner(data.userId, { type: 'muted_users', muted_users: directory.mutedUsers.of(data.userId).filter((m) => m.id !== data.mutedUserId) });

/** Zulip's `alert_words`: the whole list, to its owner. */
export const alertWordsChanged: ClientEventsOf<'alert_words.changed.v1'> = ({ data }) =>
  toOwner(data.userId, { type: 'alert_words', alert_words: data.alertWords });
