import { AsyncLocalStorage } from 'node:async_hooks';
import type { BulkOp, DocumentCollection, DocumentFilter, DocumentUpdate, Documents, FindOptions, IdFilter } from './document-collection';
import type { DocumentSchema, StoredDocument } from './document-schema';
import type { Revision } from './revised-document';
import { WriteBehindDb } from './write-behind-db';

/** An effect beyond the store (a queued job, a removed object), run once the group is written. */
type Effect = () => Promise<unknown>;

/** The group whose work is running (its documents' owner, its overlay, its deferred effects). */
interface Running {
  owner: GroupDocuments;
  writes: GroupWrites;
}

/** Carried through Node's async context, so that every call the group's work makes finds it. */
const running = new AsyncLocalStorage<Running>();

/**
 * A service's projection documents, which command groups write behind. A group decides commands
 * one after another, each on the state the earlier ones left, and writes the store only once
 * their events are in Kafka: while a group's work runs (`GroupWrites.within`), every collection
 * reads and writes the group's overlay, a write-behind buffer over the store; any other work
 * (queries, read models, background jobs) reads and writes the store itself, and so never sees
 * what a group has not yet written. Repositories hold these documents' collections and need not
 * know which.
 */
export class GroupDocuments implements Documents {
  constructor(private readonly backing: Documents) {}

  of<T extends StoredDocument>(schema: DocumentSchema<T>): DocumentCollection<T> {
    return new GroupCollection(schema, this.backing.of(schema), () => {
      const current = running.getStore();
      return current?.owner === this && current.writes.unwritten ? current.writes.overlay.of(schema) : undefined;
    });
  }

  /** A new group's writes: nothing written yet, every miss read from the store. */
  open(): GroupWrites {
    return new GroupWrites(this, new WriteBehindDb(this.backing, () => false, { overlay: true }));
  }
}

/** What one command group writes: its documents, then the effects that must follow them. */
export class GroupWrites {
  private readonly effects: Effect[] = [];
  /**
   * Until the documents are written. Work the group started may outlive it (a connection opened
   * in its context keeps that context for its callbacks): once written, such work reads and
   * writes the store, as any work outside a group does.
   */
  unwritten = true;

  constructor(
    private readonly owner: GroupDocuments,
    readonly overlay: WriteBehindDb,
  ) {}

  /** Runs `work` with every collection of the group's documents reading and writing its overlay. */
  within<T>(work: () => Promise<T>): Promise<T> {
    return running.run({ owner: this.owner, writes: this }, work);
  }

  defer(effect: Effect): void {
    this.effects.push(effect);
  }

  /**
   * Writes the documents, then runs the deferred effects in order; resolves to the failures of
   * effects, which change nothing already written.
   */
  async write(): Promise<unknown[]> {
    await this.overlay.flush();
    this.unwritten = false;
    const failures: unknown[] = [];
    for (const effect of this.effects) await effect().catch((error: unknown) => failures.push(error));
    return failures;
  }
}

/**
 * Runs an effect of applying an event that reaches beyond the projection's documents (queueing a
 * job, removing an object) once the event's command group is written: before that the event may
 * still not be in Kafka. Outside a group (a catch-up, a rebuild: the events are in Kafka) it runs
 * at once; inside one it resolves at once and the effect runs after the group's documents are
 * written, its failure logged.
 */
export async function afterEventWritten(effect: Effect): Promise<void> {
  const current = running.getStore();
  if (current) current.writes.defer(effect);
  else await effect();
}

/** One collection, reading and writing the overlay of the group whose work calls it, else the store. */
class GroupCollection<T extends StoredDocument> implements DocumentCollection<T> {
  constructor(
    private readonly schema: DocumentSchema<T>,
    private readonly stored: DocumentCollection<T>,
    private readonly grouped: () => DocumentCollection<T> | undefined,
  ) {}

  get name(): string {
    return this.schema.collection;
  }

  private get target(): DocumentCollection<T> {
    return this.grouped() ?? this.stored;
  }

  findOne(filter: IdFilter, options?: Pick<FindOptions, 'projection'>): Promise<T | null> {
    return this.target.findOne(filter, options);
  }

  find(filter: DocumentFilter, options?: FindOptions): Promise<T[]> {
    return this.target.find(filter, options);
  }

  replaceOne(filter: IdFilter, replacement: Omit<T, '_id'>, options?: { upsert?: boolean }) {
    return this.target.replaceOne(filter, replacement, options);
  }

  updateOne(filter: IdFilter, update: DocumentUpdate, options?: { upsert?: boolean }) {
    return this.target.updateOne(filter, update, options);
  }

  insertOne(doc: T): Promise<void> {
    return this.target.insertOne(doc);
  }

  insertMany(docs: T[], options?: { ordered?: boolean }): Promise<void> {
    return this.target.insertMany(docs, options);
  }

  deleteOne(filter: IdFilter): Promise<void> {
    return this.target.deleteOne(filter);
  }

  bulkWrite(ops: BulkOp<T>[], options?: { ordered?: boolean }): Promise<void> {
    return this.target.bulkWrite(ops, options);
  }

  reviseOne(id: string, initial: () => Omit<T, '_id'>, revise: Revision<T>): Promise<void> {
    return this.target.reviseOne(id, initial, revise);
  }
}
