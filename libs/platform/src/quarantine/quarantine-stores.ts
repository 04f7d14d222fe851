import type { Redis } from 'ioredis';
import type { Connection } from 'mongoose';
import type { DocumentCollection } from '../mongo/document-collection';
import { documentSchema } from '../mongo/document-schema';
import { ModelDocuments } from '../mongo/model-documents';
import type { QuarantinedEvent, QuarantineStore } from './quarantine';

/** The collection of a service's database that holds its quarantined events (kept by rebuilds). */
export const QUARANTINE_COLLECTION = 'quarantined_events';

const QUARANTINED = documentSchema<QuarantinedEvent>(QUARANTINE_COLLECTION, {
  consumer: 'String',
  topic: 'String',
  partition: 'Number',
  offset: 'String',
  eventType: 'String',
  eventId: 'String',
  error: 'String',
  at: 'String',
});

/** A domain service's quarantine: a collection of its database, written by `_id` only. */
export class MongoQuarantineStore implements QuarantineStore {
  private readonly entries: DocumentCollection<QuarantinedEvent>;

  constructor(private readonly db: Connection) {
    this.entries = new ModelDocuments(db).of(QUARANTINED);
  }

  async ids(): Promise<string[]> {
    return (await this.entries.find({}, { projection: { _id: 1 } })).map((e) => e._id);
  }

  async list(): Promise<QuarantinedEvent[]> {
    return this.entries.find({}, { sort: { _id: 1 } });
  }

  async put(entry: QuarantinedEvent): Promise<void> {
    const { _id, ...fields } = entry;
    await this.entries.replaceOne({ _id }, fields, { upsert: true });
  }

  async remove(id: string): Promise<void> {
    await this.entries.deleteOne({ _id: id });
  }

  async ping(): Promise<void> {
    await this.db.db!.command({ ping: 1 });
  }
}

/** The quarantine of a service without a database (the gateway, realtime): a Redis hash. */
export class RedisQuarantineStore implements QuarantineStore {
  constructor(
    private readonly redis: Redis,
    service: string,
    private readonly key = `quarantine:${service}`,
  ) {}

  ids(): Promise<string[]> {
    return this.redis.hkeys(this.key);
  }

  async list(): Promise<QuarantinedEvent[]> {
    const entries = Object.values(await this.redis.hgetall(this.key)).map((json) => JSON.parse(json) as QuarantinedEvent);
    return entries.sort((a, b) => a._id.localeCompare(b._id));
  }

  async put(entry: QuarantinedEvent): Promise<void> {
    await this.redis.hset(this.key, entry._id, JSON.stringify(entry));
  }

  async remove(id: string): Promise<void> {
    await this.redis.hdel(this.key, id);
  }

  async ping(): Promise<void> {
    await this.redis.ping();
  }
}
