import type { Kafka } from 'kafkajs';
import type { Connection } from 'mongoose';
import { EventStore, type Projection } from '../event-store/event-store';
import { DURABLE_PRODUCER } from '../kafka/kafka-client';
import type { Logger } from '../logging/logger';

/** The dedupe log of commands: not a projection (error outcomes have no events), so it is kept. */
const KEPT = new Set(['command_outcomes']);

/**
 * Throws a service's projection away and applies its events topic again from the first record.
 * Run it with the service stopped: a live instance would keep writing the old projection.
 */
export async function rebuildProjection(args: { kafka: Kafka; db: Connection; topic: string; projection: Projection; logger: Logger }): Promise<number> {
  const { kafka, db, topic, projection, logger } = args;
  for (const { name } of await db.db!.listCollections().toArray()) {
    if (!KEPT.has(name)) await db.db!.dropCollection(name);
  }
  // Catch-up never appends, so the producer stays unconnected.
  const store = new EventStore(kafka, kafka.producer(DURABLE_PRODUCER), topic, db, projection, logger);
  return store.catchUp();
}
