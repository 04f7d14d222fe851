import { evolveRealm, type RealmEvent, type RealmState } from '../domain/realm.state';
import { evolveUser, type UserEvent, type UserState } from '../domain/user.state';

/**
 * Every user of the organization and the organization itself, in memory: what `repo.allUsers()`
 * answers (GET /realm/presence, GET /users, the owner count of E5…) without reading the users
 * collection, which the local store can only scan (about 0.8 s for 1,000 users on
 * FerretDB/SQLite), and what queries read the caller and the organization from (a store read each
 * took most of a `GET /users/me`).
 *
 * Two paths keep it current, both ordered by each aggregate's version (its sequence), so
 * whichever comes second changes nothing:
 * - `put`: the state the user projector has just written, before the command is answered, so the
 *   instance deciding user changes (key `realm`) never answers from an older state;
 * - `apply`: every user event of users.events, read in order by a follower (see
 *   user-directory.feed.ts), for what other instances of the service decide.
 * Held states are never mutated (evolveUser returns new objects), so callers share them.
 */
export class UserDirectory {
  private readonly byId = new Map<number, UserState>();
  /** `byId` sorted by id, rebuilt on the first read after a change. */
  private sorted?: readonly UserState[];
  private organization: RealmState | null = null;

  /** A user as the projection stands now; ignored when what is held is as new or newer. */
  put(state: UserState): void {
    const held = this.byId.get(state.userId);
    if (held && held.version >= state.version) return;
    this.byId.set(state.userId, state);
    this.sorted = undefined;
  }

  /**
   * The event with `sequence` of a user's aggregate, given in the aggregate's order. An event
   * already reflected is ignored; one beyond the next would mean an event was missed.
   */
  apply(event: UserEvent, sequence: number): void {
    const held = this.byId.get(event.data.userId) ?? null;
    const version = held?.version ?? 0;
    if (sequence <= version) return;
    if (sequence !== version + 1)
      throw new Error(`user directory: ${event.type} #${sequence} for user ${event.data.userId}, which stands at #${version}`);
    this.put(evolveUser(held, event, sequence));
  }

  get(userId: number): UserState | undefined {
    return this.byId.get(userId);
  }

  /** Every user, deactivated ones included, by id. */
  all(): UserState[] {
    this.sorted ??= [...this.byId.values()].sort((a, b) => a.userId - b.userId);
    return [...this.sorted];
  }

  /** The organization as the projection stands now; ignored when what is held is as new or newer. */
  putRealm(state: RealmState): void {
    if (this.organization && this.organization.version >= state.version) return;
    this.organization = state;
  }

  /** A realm event with its `sequence`, given in order (see `apply`). */
  applyRealm(event: RealmEvent, sequence: number): void {
    const version = this.organization?.version ?? 0;
    if (sequence <= version) return;
    if (sequence !== version + 1) throw new Error(`user directory: ${event.type} #${sequence} for the realm, which stands at #${version}`);
    this.putRealm(evolveRealm(this.organization, event, sequence));
  }

  /** The organization, null before it is created. */
  realm(): RealmState | null {
    return this.organization;
  }
}
