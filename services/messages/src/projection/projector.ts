import type { EventEnvelope, MessagesEvent } from '@zulip-es/contracts';
import type { mongo } from 'mongoose';

/**
 * The part of the messages projection that one area owns (channels, default channels, later
 * messages and drafts). The projection routes each event to the projector that lists its type.
 */
export interface Projector {
  readonly types: readonly MessagesEvent['type'][];
  apply(event: MessagesEvent, envelope: EventEnvelope): Promise<void>;
}

type Versioned = { version: number };

/**
 * Replaces one aggregate's document by `evolve(current)` unless the document already stands at
 * `sequence` or later: an event delivered again (catch-up after a crash) changes nothing.
 */
export async function applyToDocument<S extends Versioned>(
  collection: mongo.Collection<S & { _id: string }>,
  id: string,
  sequence: number,
  evolve: (current: S | null) => S,
): Promise<boolean> {
  const found = await collection.findOne({ _id: id } as never);
  const current = found ? (withoutId(found) as unknown as S) : null;
  if (current && current.version >= sequence) return false;
  await collection.replaceOne({ _id: id } as never, evolve(current) as never, { upsert: true });
  return true;
}

export function withoutId<T extends { _id: string }>(doc: T): Omit<T, '_id'> {
  const { _id, ...rest } = doc;
  void _id;
  return rest;
}
