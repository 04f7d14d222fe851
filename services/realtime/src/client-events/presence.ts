import { toEveryone, type ClientEventsOf } from './client-event';

/**
 * Zulip's `presence`: the modern form (`presences` by user id, with the last active and last
 * connected times) for queues that declared `simplified_presence_events`, the legacy form (one
 * `website` client) for the others. Only transitions are domain events: a user coming online,
 * or switching between active and idle.
 */
export const presenceChanged: ClientEventsOf<'presence.changed.v1'> = ({ data }, directory) => {
  const user = directory.user(data.userId);
  if (!user) return [];
  const activeAt = data.status === 'active' ? data.timestamp : (directory.lastActiveAt(data.userId) ?? 0);
  const modern = { type: 'presence', presences: { [data.userId]: { active_timestamp: activeAt, idle_timestamp: data.timestamp } } };
  const legacy = {
    type: 'presence',
    user_id: data.userId,
    email: directory.apiEmail(user),
    server_timestamp: data.timestamp,
    presence: { website: { client: 'website', status: data.status, timestamp: data.timestamp, pushable: false } },
  };
  return [
    ...toEveryone(directory, modern).map((d) => ({ ...d, onlyIf: [{ capability: 'simplified_presence_events', present: true }] })),
    ...toEveryone(directory, legacy).map((d) => ({ ...d, onlyIf: [{ capability: 'simplified_presence_events', present: false }] })),
  ];
};
