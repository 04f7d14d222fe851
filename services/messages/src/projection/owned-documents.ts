/**
 * Documents of the projection that only the process owning key `realm`'s partition writes
 * (channels, channel names, subscriptions, the messages counters: every event changing them is
 * decided on that key), kept in memory for the decisions taken there and for the projection
 * itself. Sending a message read each from the store before deciding, and again while projecting.
 *
 * Every write of them goes through `write`, so a document kept is what the store holds. `forget`
 * drops everything when the projection catches up (at a start, or when partitions move, after
 * which another process may have written them). Queries never read through here: on another
 * instance of the service, serving queries, copies would go stale. An absent document is not
 * kept: what a client names (a channel) may not exist, and misses would fill memory.
 */
export class OwnedDocuments {
  private readonly kept = new Map<string, unknown>();
  /** Raised at the start and end of every write, and by `forget`: a load that overlapped one is not kept. */
  private changes = 0;

  /** The document, from memory when kept, else loaded (and kept if found and nothing was written meanwhile). */
  async read<T>(id: string, load: () => Promise<T>): Promise<T> {
    if (this.kept.has(id)) return copyOf(this.kept.get(id) as T);
    const before = this.changes;
    const value = await load();
    if (this.changes === before) this.keep(id, value);
    return value;
  }

  /**
   * Runs `work`, which writes the document. `next` gives its new content from the one kept (or
   * undefined when that is not known in full): without it the document is loaded again when read.
   */
  async write<T>(id: string, work: () => Promise<unknown>, next?: (kept: T | undefined) => T | undefined): Promise<void> {
    const kept = this.kept.get(id) as T | undefined;
    this.kept.delete(id);
    this.changes++;
    try {
      await work();
    } finally {
      this.changes++;
    }
    this.keep(id, next?.(kept));
  }

  private keep(id: string, value: unknown): void {
    if (value !== null && value !== undefined) this.kept.set(id, copyOf(value));
  }

  forget(): void {
    this.kept.clear();
    this.changes++;
  }
}

/**
 * A deep copy of plain data, what these documents are (structuredClone took longer than applying
 * the event that read the document); anything else is left to structuredClone.
 */
function copyOf<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(copyOf) as T;
  if (Object.getPrototypeOf(value) !== Object.prototype) return structuredClone(value);
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) copy[key] = copyOf((value as Record<string, unknown>)[key]);
  return copy as T;
}
