import type { Redis } from 'ioredis';
import { queueWakeChannel } from './queue-scripts';

interface Channel {
  name: string;
  /** Settles once the subscription is active. */
  subscribed: Promise<unknown>;
  watches: Set<Watch>;
}

/** A long-poll's watch of its queue, from `watch` until `end`. */
export interface QueueWatch {
  /**
   * Resolves true once the queue may have events it had not at the last call (or at the start
   * of the watch), false on timeout or cancel. A wake-up is not a promise of an event: a queue
   * is woken for every event of its user and finds on reading whether one is for it.
   */
  next(): Promise<boolean>;
  /** Resolves every `next` false from now on (the client went away). */
  cancel(): void;
  /** Ends the watch (always call it, woken or not). */
  end(): Promise<void>;
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
  private waiting?: (woken: boolean) => void;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly channel: Channel,
    private readonly release: (channel: Channel) => Promise<void>,
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

  async end(): Promise<void> {
    this.cancel();
    this.channel.watches.delete(this);
    await this.release(this.channel);
  }

  private settle(woken: boolean): void {
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.(woken);
  }
}

/**
 * Long-polls waiting on queues, woken when an event is queued by any process: one subscriber
 * connection per process, subscribed to a queue's channel while someone watches it.
 */
export class QueueWaker {
  private readonly channels = new Map<string, Channel>();
  /**
   * A SUBSCRIBE sent before the new connection's ready check makes that check (an INFO) fail in
   * subscriber mode: the connection restarts, and what is published meanwhile is lost (a CI run
   * saw a long-poll never woken). Watches subscribe once the connection is ready.
   */
  private readonly ready: Promise<void>;

  constructor(private readonly subscriber: Redis) {
    this.ready = subscriber.status === 'ready' ? Promise.resolve() : new Promise((resolve) => subscriber.once('ready', () => resolve()));
    subscriber.on('message', (channel: string) => {
      for (const watch of this.channels.get(channel)?.watches ?? []) watch.wake();
    });
  }

  /**
   * Watches `queueId` for `timeoutMs`, or until cancelled. Resolves once subscribed: an event
   * queued from then on wakes the watch, so read the queue once more before waiting on `next`.
   */
  async watch(queueId: string, timeoutMs: number): Promise<QueueWatch> {
    const name = queueWakeChannel(queueId);
    await this.ready;
    let channel = this.channels.get(name);
    if (!channel) {
      channel = { name, subscribed: this.subscriber.subscribe(name), watches: new Set() };
      this.channels.set(name, channel);
    }
    const watch = new Watch(channel, this.release, timeoutMs);
    channel.watches.add(watch);
    await channel.subscribed;
    return watch;
  }

  stop(): void {
    this.subscriber.disconnect();
  }

  /** Unsubscribes from a channel nobody watches any longer (one function for every watch). */
  private readonly release = async (channel: Channel): Promise<void> => {
    if (channel.watches.size === 0 && this.channels.get(channel.name) === channel) {
      this.channels.delete(channel.name);
      await this.subscriber.unsubscribe(channel.name);
    }
  };
}
