import { eventsTopic, EventEnvelope, type ServiceName } from '@zulip-es/contracts';
import { createKafka, createLogger, partitionKey, StackEndpointsSchema, TopicFollower } from '@zulip-es/platform';

export interface EventCapture {
  /** Every event appended since the capture started, in partition order. */
  readonly events: EventEnvelope[];
  /** The first captured event matching `predicate`, waiting up to `timeoutMs` for it. */
  waitFor(predicate: (event: EventEnvelope) => boolean, timeoutMs?: number): Promise<EventEnvelope>;
  /** Waits `quietMs`, then the captured events matching `predicate` (to show that none came). */
  settle(predicate: (event: EventEnvelope) => boolean, quietMs?: number): Promise<EventEnvelope[]>;
  stop(): Promise<void>;
}

/**
 * Follows a service's events topic from its current end, so a test can check which events an
 * operation published (the published interface for event consumers), exactly as a consumer
 * outside the system would read them.
 */
export async function captureEvents(service: ServiceName = 'users'): Promise<EventCapture> {
  const { KAFKA_BROKERS } = StackEndpointsSchema.parse(process.env);
  const logger = createLogger('event-capture', 'warn');
  const kafka = createKafka(`event-capture`, KAFKA_BROKERS, logger);
  const topic = eventsTopic(service);
  const admin = kafka.admin();
  await admin.connect();
  const ends = new Map((await admin.fetchTopicOffsets(topic)).map((p) => [partitionKey(topic, p.partition), BigInt(p.high)]));
  await admin.disconnect();

  const events: EventEnvelope[] = [];
  // Each waiter checks the events when a batch arrives, until it finds its own.
  const waiters = new Set<() => void>();
  const follower = new TopicFollower(
    kafka,
    { name: 'event-capture', topics: [topic], startAt: (t, p) => ends.get(partitionKey(t, p)) },
    async (batch) => {
      for (const record of batch) events.push(EventEnvelope.parse(JSON.parse(record.value.toString('utf8'))));
      for (const check of [...waiters]) check();
    },
    logger,
  );
  await follower.start();

  return {
    events,
    waitFor(predicate, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = (): void => {
          const found = events.find(predicate);
          if (!found) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching event on ${topic} within ${timeoutMs} ms; saw ${events.map((e) => e.type).join(', ') || 'none'}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    async settle(predicate, quietMs = 500) {
      await new Promise((r) => setTimeout(r, quietMs));
      return events.filter(predicate);
    },
    stop: () => follower.stop(),
  };
}
