import type { RealmState } from '../domain/realm.state';
import type { UserState } from '../domain/user.state';
import type { UsersDeps } from '../shared/users-deps';
import { presenceEnabled } from './presence-enabled';
import { presenceVisibleTo } from './presence-access';
import { presenceResponse, type PresenceFormat, type PresenceResponse } from './presence-response';
import type { PresenceEntry } from './presence.rules';

export interface ReadPresencesOptions<F extends PresenceFormat = PresenceFormat> {
  format: F;
  lastUpdateId?: number;
  historyLimitDays?: number;
  /**
   * The caller's own ping when it is recorded only after this read (an announced change reaches
   * Redis through its event): it replaces what Redis holds for the caller.
   */
  ownPing?: PresenceEntry;
}

/** Everyone's presence as `actor` may see it: the latest pings from Redis, the people from the projection. */
export async function readPresences<F extends PresenceFormat>(
  { repo, presence, config }: UsersDeps,
  realm: RealmState,
  actor: UserState,
  now: Date,
  options: ReadPresencesOptions<F>,
): Promise<PresenceResponse<F>> {
  const stored = await presence.all();
  const entries = options.ownPing ? [...stored.filter((e) => e.userId !== actor.userId), options.ownPing] : stored;
  // Nothing newer than what the client holds: no need to read the people.
  const fresh = options.lastUpdateId === undefined || options.ownPing || entries.some((e) => e.updateId > options.lastUpdateId!);
  const users = fresh ? await repo.allUsers() : [];
  return presenceResponse({
    entries,
    audience: {
      users: new Map(users.map((u) => [u.userId, u])),
      presenceEnabled,
      visible: presenceVisibleTo(actor, config.CAN_ACCESS_ALL_USERS_GROUP_LIMITS_PRESENCE),
    },
    realm,
    query: { now: Math.floor(now.getTime() / 1000), lastUpdateId: options.lastUpdateId, historyLimitDays: options.historyLimitDays },
    format: options.format,
    serverTimestamp: now.getTime() / 1000,
  });
}
