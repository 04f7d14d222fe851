/**
 * Runs the work given for one key one after another (each starts when the previous one settled),
 * work for different keys side by side. The bouncer's store (FerretDB) has no atomic conditional
 * update, so read-change-write sequences of one document are ordered here, in the one bouncer
 * process (see PUSH_BOUNCER_KEYS).
 */
export class OneAtATime {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(work);
    const tail = next.catch(() => undefined);
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return next;
  }
}
