import type { Arrival, Received } from './received-messages';

/**
 * Received messages as columns: message `i` is `ids[i]` and arrived as `arrival(i)`, one object
 * shared by every message of one list tag. The ids, and the index of each one's arrival, live
 * in typed arrays: a register of 50,000 unread messages made an object per message before, then
 * arrays of 50,000 elements, each a large object the collector had to sweep at once.
 */
export class ReceivedRun {
  static readonly EMPTY = new ReceivedRun(new Uint32Array(0), new Uint32Array(0), []);

  constructor(
    readonly ids: Uint32Array,
    /** The index of each message's arrival in `arrivals`. */
    readonly arrivalAt: Uint32Array,
    readonly arrivals: readonly Arrival[],
  ) {}

  get length(): number {
    return this.ids.length;
  }

  arrival(i: number): Arrival {
    return this.arrivals[this.arrivalAt[i]!]!;
  }

  /** The first `limit` messages (no copy). */
  first(limit: number): ReceivedRun {
    return limit >= this.length ? this : new ReceivedRun(this.ids.subarray(0, limit), this.arrivalAt.subarray(0, limit), this.arrivals);
  }

  /** The messages in the opposite order. */
  reversed(): ReceivedRun {
    return new ReceivedRun(this.ids.slice().reverse(), this.arrivalAt.slice().reverse(), this.arrivals);
  }

  /** The messages `keep` accepts, in order: the run itself when it accepts them all. */
  filter(keep: (id: number, arrival: Arrival) => boolean): ReceivedRun {
    let first = 0;
    while (first < this.length && keep(this.ids[first]!, this.arrival(first))) first++;
    if (first === this.length) return this;
    const out = new RunWriter(this.arrivals, this.length);
    for (let i = 0; i < first; i++) out.push(this.ids[i]!, this.arrivalAt[i]!);
    for (let i = first + 1; i < this.length; i++) if (keep(this.ids[i]!, this.arrival(i))) out.push(this.ids[i]!, this.arrivalAt[i]!);
    return out.run();
  }

  /** One object per message, for callers that handle few of them. */
  received(): Received[] {
    return Array.from(this.ids, (id, i) => ({ id, ...this.arrival(i) }));
  }
}

/** Builds a run, its typed arrays growing as needed. */
export class RunWriter {
  private ids: Uint32Array;
  private arrivalAt: Uint32Array;
  length = 0;

  /** `expected`: how many messages the run will likely hold. */
  constructor(
    readonly arrivals: readonly Arrival[],
    expected = 256,
  ) {
    this.ids = new Uint32Array(Math.max(expected, 16));
    this.arrivalAt = new Uint32Array(Math.max(expected, 16));
  }

  push(id: number, arrivalIndex: number): void {
    if (this.length === this.ids.length) this.grow();
    this.ids[this.length] = id;
    this.arrivalAt[this.length++] = arrivalIndex;
  }

  run(): ReceivedRun {
    return new ReceivedRun(this.ids.subarray(0, this.length), this.arrivalAt.subarray(0, this.length), this.arrivals);
  }

  private grow(): void {
    const ids = new Uint32Array(this.ids.length * 2);
    const arrivalAt = new Uint32Array(this.ids.length * 2);
    ids.set(this.ids);
    arrivalAt.set(this.arrivalAt);
    this.ids = ids;
    this.arrivalAt = arrivalAt;
  }
}

/** `a` then `b`. */
export function concatRuns(a: ReceivedRun, b: ReceivedRun): ReceivedRun {
  if (b.length === 0) return a;
  if (a.length === 0) return b;
  const out = new RunWriter(a.arrivals.concat(b.arrivals), a.length + b.length);
  for (let i = 0; i < a.length; i++) out.push(a.ids[i]!, a.arrivalAt[i]!);
  for (let j = 0; j < b.length; j++) out.push(b.ids[j]!, b.arrivalAt[j]! + a.arrivals.length);
  return out.run();
}

/**
 * Runs each sorted by `order` and without repeats, as one run sorted alike without repeats (a
 * message moved into a channel is in its list and among those moved in): merged two at a time.
 */
export function mergeRuns(runs: readonly ReceivedRun[], order: (a: number, b: number) => number): ReceivedRun {
  let pending = runs.filter((r) => r.length > 0);
  if (pending.length === 0) return ReceivedRun.EMPTY;
  while (pending.length > 1) {
    const next: ReceivedRun[] = [];
    for (let i = 0; i < pending.length; i += 2)
      next.push(i + 1 < pending.length ? mergeTwo(pending[i]!, pending[i + 1]!, order) : pending[i]!);
    pending = next;
  }
  return pending[0]!;
}

function mergeTwo(a: ReceivedRun, b: ReceivedRun, order: (a: number, b: number) => number): ReceivedRun {
  const out = new RunWriter(a.arrivals.concat(b.arrivals), a.length + b.length);
  const offset = a.arrivals.length;
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const compared = order(a.ids[i]!, b.ids[j]!);
    if (compared <= 0) {
      out.push(a.ids[i]!, a.arrivalAt[i++]!);
      if (compared === 0) j++;
    } else out.push(b.ids[j]!, b.arrivalAt[j++]! + offset);
  }
  for (; i < a.length; i++) out.push(a.ids[i]!, a.arrivalAt[i]!);
  for (; j < b.length; j++) out.push(b.ids[j]!, b.arrivalAt[j]! + offset);
  return out.run();
}
