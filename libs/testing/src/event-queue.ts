import { api, type Credentials, type Params } from './zulip-client';

export type ClientEvent = { id: number; type: string } & Record<string, unknown>;

/**
 * A registered event queue, read as a Zulip client reads it: long-polls acknowledging what it
 * has seen. Events already received are kept, so a test can wait for several in any order.
 */
export class TestEventQueue {
  readonly received: ClientEvent[] = [];
  private lastEventId = -1;

  private constructor(
    readonly queueId: string,
    private readonly auth: Credentials,
    /** The state POST /register answered beside the queue. */
    readonly state: Record<string, unknown>,
  ) {}

  static async register(auth: Credentials, params: Params = {}): Promise<TestEventQueue> {
    const res = await api('POST', '/register', { auth, params: { fetch_event_types: ['realm'], ...params } });
    if (res.status !== 200) throw new Error(`register failed: ${JSON.stringify(res.body)}`);
    return new TestEventQueue(res.body.queue_id as string, auth, res.body);
  }

  /** The first event (received or to come) that `match` accepts; fails after `timeoutMs`. */
  async waitFor(match: (event: ClientEvent) => boolean, timeoutMs = 20_000): Promise<ClientEvent> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.received.find(match);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no matching event within ${timeoutMs} ms; received ${JSON.stringify(this.received)}`);
      await this.poll(false);
    }
  }

  /** What is queued right now (GET /events with dont_block), added to `received`. */
  async drain(): Promise<ClientEvent[]> {
    await this.poll(true);
    return this.received;
  }

  /** The events received of one type, heartbeats never counted. */
  ofType(type: string): ClientEvent[] {
    return this.received.filter((e) => e.type === type);
  }

  async delete(): Promise<void> {
    await api('DELETE', '/events', { auth: this.auth, params: { queue_id: this.queueId } });
  }

  private async poll(dontBlock: boolean): Promise<void> {
    const res = await api('GET', '/events', {
      auth: this.auth,
      params: { queue_id: this.queueId, last_event_id: this.lastEventId, dont_block: dontBlock },
    });
    if (res.status !== 200) throw new Error(`GET /events failed: ${JSON.stringify(res.body)}`);
    const events = res.body.events as ClientEvent[];
    for (const event of events) if (event.type !== 'heartbeat') this.received.push(event);
    if (events.length > 0) this.lastEventId = events.at(-1)!.id;
  }
}
