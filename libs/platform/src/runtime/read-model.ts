import { EventEnvelope } from '@zulip-es/contracts';
import type { FollowedMessage } from '../kafka/topic-follower';
import { jsonOrUndefined } from '../json/json-or-undefined';
import type { Logger } from '../logging/logger';
import type { Quarantine } from '../quarantine/quarantine';

/**
 * What a domain service keeps from other services' events topics (its copy of roles, group
 * memberships, organization settings…): held in memory and built again from the first record at
 * every start, so it needs no checkpoint and is always a function of the topics. The service
 * decides nothing before it has read them up to their end as they were at start, and a command
 * carrying the caller's positions waits until it has read up to them (read-your-writes).
 *
 * A service's own projection must never depend on a read model: it is rebuilt from the service's
 * own events alone (`npm run rebuild`), so everything a projection needs travels in the events.
 */
export interface ReadModel {
  /** Names the read model's Kafka consumer (with the service and instance). */
  name: string;
  topics: string[];
  /**
   * The event types it applies, when it applies only some: the others are skipped by their
   * `type` header, unparsed (a topic deletion's batches are no business of a channel directory).
   */
  eventTypes?: ReadonlySet<string>;
  apply(event: EventEnvelope): void | Promise<void>;
}

/** The consumer name of a read model in its service's quarantine. */
export const readModelConsumer = (model: Pick<ReadModel, 'name'>): string => `read model ${model.name}`;

/**
 * Applies records in order; a record that is not an event envelope is skipped, never retried
 * forever. With a quarantine, an event the model cannot apply is quarantined and passed (see
 * Quarantine); without one, its failure is thrown.
 */
export async function applyToReadModel(model: ReadModel, batch: FollowedMessage[], logger: Logger, quarantine?: Quarantine): Promise<void> {
  for (const record of batch) {
    const type = record.headers?.type;
    if (model.eventTypes && type !== undefined && !model.eventTypes.has(type)) continue;
    const parsed = EventEnvelope.safeParse(jsonOrUndefined(record.value));
    if (!parsed.success) {
      logger.warn(
        { topic: record.topic, partition: record.partition, offset: String(record.offset), readModel: model.name },
        'record skipped: not an event',
      );
      continue;
    }
    const event = parsed.data;
    if (!quarantine) await model.apply(event);
    else
      await quarantine.apply({ ...record, eventType: event.type, eventId: event.eventId }, readModelConsumer(model), () =>
        model.apply(event),
      );
  }
}
