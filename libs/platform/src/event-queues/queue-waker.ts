import type { Redis } from 'ioredis';
import { queueWakeChannel } from './event-queues';

interface Channel {
  /** Settles once the subscription is active. */
  subscribed: Promise<unknown>;
  wakers: Set<() => void>;
}

/** A long-poll's watch of its queue: `woken` resolves true when an event is queued, false on timeout or cancel. */
export interface QueueWatch {
  woken: Promise<boolean>;
  /** Resolves `woken` false now (the client went away). */
  cancel(): void;
  /** Ends the watch (always call it, woken or not). */
  end(): Promise<void>;
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
      for (const wake of this.channels.get(channel)?.wakers ?? []) wake();
    });
  }

  /**
   * Watches `queueId` for `timeoutMs`, or until cancelled. Resolves once subscribed: an event
   * queued from then on wakes the watch, so read the queue once more before waiting on `woken`.
   * A gateway holds one watch per idle long-poll, tens of thousands of them: a watch is a promise,
   * a timer and three closures (an AbortController with its listener alone took about 1 KB).
   */
  async watch(queueId: string, timeoutMs: number): Promise<QueueWatch> {
    const name = queueWakeChannel(queueId);
    await this.ready;
    let channel = this.channels.get(name);
    if (!channel) {
      channel = { subscribed: this.subscriber.subscribe(name), wakers: new Set() };
      this.channels.set(name, channel);
    }
    let wake!: (woken: boolean) => void;
    const woken = new Promise<boolean>((resolve) => (wake = resolve));
    const onEvent = () => wake(true);
    const cancel = () => wake(false);
    channel.wakers.add(onEvent);
    const timer = setTimeout(cancel, timeoutMs);
    const watched = channel;
    const end = async () => {
      wake(false);
      clearTimeout(timer);
      watched.wakers.delete(onEvent);
      if (watched.wakers.size === 0 && this.channels.get(name) === watched) {
        this.channels.delete(name);
        await this.subscriber.unsubscribe(name);
      }
    };
    await channel.subscribed;
    return { woken, cancel, end };
  }

  stop(): void {
    this.subscriber.disconnect();
  }
}
