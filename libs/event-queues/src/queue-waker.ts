import type { Redis } from 'ioredis';
import { WAKE_CHANNEL } from './queue-scripts';

/** The watches of one user's long-polls in this process. */
interface UserWatches {
  userId: number;
  watches: Set<Watch>;
}

/** A long-poll's watch of its user's queues, from `watch` until `end`. */
export interface QueueWatch {
  /**
   * Resolves true once the user's queues may have events they had not at the last call (or at
   * the start of the watch), false on timeout or cancel. A wake-up is not a promise of an event:
   * every queue of a user is woken for the user's events, and finds on reading whether one is
   * for it.
   */
  next(): Promise<boolean>;
  /** Resolves every `next` false from now on (the client went away). */
  cancel(): void;
  /** Ends the watch (always call it, woken or not). */
  end(): void;
}

/**
 * A gateway holds one watch per idle long-poll, tens of thousands of them: a watch is this
 * object, a timer and the timer's callback (an AbortController with its listener alone took
 * about 1 KB).
 */
class Watch implements QueueWatch {
  /** Woken while nobody awaited `next`: the next call answers at once. */
  private pending = false;
  private over = false;
  private ended = false;
  private waiting?: (woken: boolean) => void;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly user: UserWatches,
    private readonly release: (watch: Watch, user: UserWatches) => void,
    timeoutMs: number,
  ) {
    this.timer = setTimeout(() => this.cancel(), timeoutMs);
  }

  wake(): void {
    if (this.waiting) this.settle(true);
    else this.pending = true;
  }

  next(): Promise<boolean> {
    if (this.over) return Promise.resolve(false);
    if (this.pending) {
      this.pending = false;
      return Promise.resolve(true);
    }
    return new Promise((resolve) => (this.waiting = resolve));
  }

  cancel(): void {
    this.over = true;
    clearTimeout(this.timer);
    this.settle(false);
  }

  end(): void {
    this.cancel();
    if (this.ended) return;
    this.ended = true;
    this.release(this, this.user);
  }

  private settle(woken: boolean): void {
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.(woken);
  }
}

/**
 * Long-polls waiting on queues, woken when an event is queued by any process: one subscriber
 * connection per process, subscribed to the one channel where each fan-out names the users it
 * wakes.
 */
export class QueueWaker {
  private readonly byUser = new Map<number, UserWatches>();
  private count = 0;
  /**
   * A SUBSCRIBE sent before the new connection's ready check makes that check (an INFO) fail in
   * subscriber mode: the connection restarts, and what is published meanwhile is lost (a CI run
   * saw a long-poll never woken). The channel is subscribed once the connection is ready.
   */
  private readonly subscribed: Promise<unknown>;

  constructor(private readonly subscriber: Redis) {
    const ready =
      subscriber.status === 'ready' ? Promise.resolve() : new Promise<void>((resolve) => subscriber.once('ready', () => resolve()));
    this.subscribed = ready.then(() => subscriber.subscribe(WAKE_CHANNEL));
    subscriber.on('message', (channel: string, users: string) => {
      if (channel === WAKE_CHANNEL) this.wake(users);
    });
  }

  /** The long-polls watching now. */
  get watching(): number {
    return this.count;
  }

  /**
   * Watches the queues of `userId` for `timeoutMs`, or until cancelled. Resolves once subscribed:
   * an event queued from then on wakes the watch, so read the queue once more before waiting on
   * `next`.
   */
  async watch(userId: number, timeoutMs: number): Promise<QueueWatch> {
    await this.subscribed;
    let user = this.byUser.get(userId);
    if (!user) {
      user = { userId, watches: new Set() };
      this.byUser.set(userId, user);
    }
    const watch = new Watch(user, this.release, timeoutMs);
    user.watches.add(watch);
    this.count++;
    return watch;
  }

  stop(): void {
    this.subscriber.disconnect();
  }

  /** `users`: ',id,id,'. */
  private wake(users: string): void {
    for (const id of users.split(',')) {
      if (id === '') continue;
      for (const watch of this.byUser.get(Number(id))?.watches ?? []) watch.wake();
    }
  }

  /** Forgets an ended watch (one function for every watch). */
  private readonly release = (watch: Watch, user: UserWatches): void => {
    this.count--;
    user.watches.delete(watch);
    if (user.watches.size === 0 && this.byUser.get(user.userId) === user) this.byUser.delete(user.userId);
  };
}
