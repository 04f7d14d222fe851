import type { Kafka } from 'kafkajs';
import { EventEnvelope, eventsTopic, SERVICES } from '@zulip-es/contracts';
import type { EventQueues } from '@zulip-es/event-queues';
import {
  jsonOrUndefined,
  partitionKey,
  TopicFollower,
  withLogContext,
  type FollowedMessage,
  type LagSource,
  type Logger,
  type Quarantine,
} from '@zulip-es/platform';
import { clientEventsOf } from '../client-events/client-events';
import { DIRECTORY_EVENT_TYPES, type Directory } from '../directory/directory';
import { DomainEvent } from '../domain-event';

export const FANNED_OUT_TOPICS: readonly string[] = SERVICES.map(eventsTopic);
/** The consumer name of the fan-out in the quarantine. */
export const FAN_OUT_CONSUMER = 'fan-out';

/**
 * Reads every domain-events topic from its first record and turns each event into the client
 * events of the users who see it, queued in Redis. The directory (users, channels) is built from
 * the whole history at every start; events up to what Redis records as delivered only feed it.
 * A record is marked delivered in the same Redis step that queues its events, so one read again
 * (after a crash, or by a second instance) is never queued twice, and none is skipped.
 *
 * An event the fan-out cannot handle (its client events or the directory throw) is quarantined
 * and passed: the users' queues go on with the events after it. Redis unreachable quarantines
 * nothing: the batch is read again.
 */
export class FanOut {
  private follower?: TopicFollower;
  /** Per partition, the last record delivered before this process started. */
  private readonly deliveredAtStart = new Map<string, bigint>();
  /** Per partition, the last record this process handled (a batch read again after an error skips them). */
  private readonly handled = new Map<string, bigint>();

  constructor(
    private readonly kafka: Kafka,
    private readonly queues: EventQueues,
    private readonly directory: Directory,
    private readonly logger: Logger,
    private readonly name: string,
    private readonly quarantine: Quarantine,
    private readonly topics: readonly string[] = FANNED_OUT_TOPICS,
  ) {}

  /** Resolves once every topic is read up to its end as it was at start. */
  async start(): Promise<void> {
    await this.queues.indexHolders();
    await this.planDeliveries();
    this.follower = new TopicFollower(
      this.kafka,
      { name: this.name, topics: [...this.topics] },
      (batch) => this.handle(batch),
      this.logger,
    );
    await this.follower.start();
  }

  async stop(): Promise<void> {
    await this.follower?.stop();
  }

  /** For the lag metric: what the fan-out has read of each topic (its group is new at every start). */
  lagSource(): LagSource {
    return { group: this.name, topics: this.topics, applied: () => this.follower?.appliedPositions() ?? [] };
  }

  /** Its follower, when it does not follow the topics right now (see TopicFollower). */
  staleReadModels(): string[] {
    return this.follower?.stale ? [this.follower.name] : [];
  }

  /**
   * Where delivery resumes in each partition: after the last record delivered, or, for a
   * partition never delivered from (a new deployment), after its current end: history is not
   * sent to queues that did not exist when it happened.
   */
  private async planDeliveries(): Promise<void> {
    const admin = this.kafka.admin();
    await admin.connect();
    try {
      for (const topic of this.topics) {
        for (const { partition, high } of await admin.fetchTopicOffsets(topic)) {
          await this.queues.deliverFrom(topic, partition, BigInt(high) - 1n);
          this.deliveredAtStart.set(
            partitionKey(topic, partition),
            (await this.queues.deliveredThrough(topic, partition)) ?? BigInt(high) - 1n,
          );
        }
      }
    } finally {
      await admin.disconnect();
    }
  }

  private async handle(batch: FollowedMessage[]): Promise<void> {
    for (const record of batch) {
      const key = partitionKey(record.topic, record.partition);
      if (record.offset <= (this.handled.get(key) ?? -1n)) continue;
      const history = record.offset <= (this.deliveredAtStart.get(key) ?? -1n);
      const type = record.headers?.type;
      if (history && (type === undefined || !DIRECTORY_EVENT_TYPES.has(type))) {
        this.handled.set(key, record.offset);
        continue;
      }
      const parsed = this.parse(record);
      if (parsed)
        await withLogContext({ correlationId: parsed.correlationId }, () =>
          this.quarantine.apply({ ...record, eventType: parsed.event.type, eventId: parsed.eventId }, FAN_OUT_CONSUMER, () =>
            this.fanOut(record, parsed.event, history),
          ),
        );
      this.handled.set(key, record.offset);
    }
  }

  /** Queues the event's client events (unless it was delivered before this start), then feeds the directory. */
  private async fanOut(record: FollowedMessage, event: DomainEvent, history: boolean): Promise<void> {
    // Tried again after a failure: a record marked delivered is not queued twice (see EventQueues.fanOut).
    if (!history) {
      const deliveries = clientEventsOf(event, this.directory);
      if (await this.queues.fanOut(record, deliveries))
        this.logger.info({ type: event.type, clientEvents: deliveries.length }, 'event fanned out');
    }
    this.directory.apply(event);
  }

  private parse(record: FollowedMessage): { event: DomainEvent; eventId: string; correlationId: string } | undefined {
    const envelope = EventEnvelope.safeParse(jsonOrUndefined(record.value));
    const event = envelope.success ? DomainEvent.safeParse({ type: envelope.data.type, data: envelope.data.data }) : undefined;
    if (envelope.success && event?.success)
      return { event: event.data, eventId: envelope.data.eventId, correlationId: envelope.data.correlationId };
    // A type this release does not know (a newer service's), or not an event at all.
    this.logger.warn(
      { topic: record.topic, partition: record.partition, offset: String(record.offset), type: record.headers?.type },
      'record not fanned out: unknown event',
    );
    return undefined;
  }
}
