/**
 * Tries of a read that goes on while the projection changes, before writes are held back for it:
 * under a steady stream of commands a read could otherwise be tried forever.
 */
const OPTIMISTIC_TRIES = 3;

/** A read of the projection and, per partition, the offset of the last event it reflects. */
export interface ConsistentRead<T> {
  value: T;
  through: ReadonlyMap<number, bigint>;
}

/**
 * Reads of a projection that reflect exactly the events applied through known offsets, no more
 * and no less: what POST /register needs so that its state and its event queue neither miss nor
 * repeat an event. A read runs when no write is under way and counts only if none ran meanwhile
 * (the store has no snapshots to read from); after OPTIMISTIC_TRIES such tries, writes wait for
 * one read. Writes of this process only: a second instance of the service writing the same
 * projection is not seen.
 */
export class ConsistentReads {
  /** Writes under way: an append to Kafka and its projection, or a catch-up batch. */
  private readonly writing = new Set<Promise<unknown>>();
  /** Counts finished writes: a read during which it moved saw a changing projection. */
  private finished = 0;
  private readonly appliedThrough = new Map<number, bigint>();
  /** Set while a read holds writes back. */
  private holding?: Promise<void>;
  /** Reads that hold writes back, one at a time. */
  private holdingReads: Promise<unknown> = Promise.resolve();

  /** Runs a write of the projection once no read holds writes back. */
  async write<T>(work: () => Promise<T>): Promise<T> {
    while (this.holding) await this.holding;
    const running = work();
    this.writing.add(running);
    try {
      return await running;
    } finally {
      this.writing.delete(running);
      this.finished++;
    }
  }

  /** Records that the projection reflects the partition's events through `offset`. */
  applied(partition: number, offset: bigint): void {
    if (offset > (this.appliedThrough.get(partition) ?? -1n)) this.appliedThrough.set(partition, offset);
  }

  async read<T>(read: () => Promise<T>): Promise<ConsistentRead<T>> {
    for (let attempt = 0; attempt < OPTIMISTIC_TRIES; attempt++) {
      await this.quiet();
      const before = this.finished;
      const value = await read();
      if (this.finished === before && this.writing.size === 0) return { value, through: new Map(this.appliedThrough) };
    }
    return this.readHoldingWrites(read);
  }

  private readHoldingWrites<T>(read: () => Promise<T>): Promise<ConsistentRead<T>> {
    const done = this.holdingReads.then(async () => {
      let release!: () => void;
      this.holding = new Promise((resolve) => (release = resolve));
      try {
        await this.quiet();
        return { value: await read(), through: new Map(this.appliedThrough) };
      } finally {
        this.holding = undefined;
        release();
      }
    });
    this.holdingReads = done.catch(() => undefined);
    return done;
  }

  private async quiet(): Promise<void> {
    while (this.writing.size > 0) await Promise.allSettled([...this.writing]);
  }
}
