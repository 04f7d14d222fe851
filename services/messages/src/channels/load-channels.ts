import { normalizeChannelName, type MessagesRepository } from '../projection/messages.repository';
import type { ChannelState } from './channel.state';
import type { UserSubscriptionsState } from './user-subscriptions.state';

/** The named channels that exist, by lower-case name (names stripped as Zulip strips them). */
export async function channelsByName(repo: MessagesRepository, names: readonly string[]): Promise<Map<string, ChannelState>> {
  const unique = [...new Set(names.map(normalizeChannelName))];
  const found = await Promise.all(unique.map((name) => repo.channelByName(name)));
  return new Map(found.flatMap((c, i) => (c ? [[unique[i], c] as const] : [])));
}

/** Subscriptions of these users, as a lookup for decide functions. */
export async function subscriptionsOfUsers(
  repo: MessagesRepository,
  userIds: readonly number[],
): Promise<(userId: number) => UserSubscriptionsState> {
  const unique = [...new Set(userIds)];
  const states = new Map((await Promise.all(unique.map((id) => repo.subscriptionsOf(id)))).map((s) => [s.userId, s]));
  return (userId) => states.get(userId) ?? { userId, subscriptions: [] };
}
