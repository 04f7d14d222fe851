import { ConsistentReads } from './consistent-reads';

/** A write that finishes when told to: lets a test run a read while it is under way. */
function pendingWrite(reads: ConsistentReads, partition: number, offset: bigint) {
  let finish!: () => void;
  const done = reads.write(
    () =>
      new Promise<void>((resolve) => {
        finish = () => {
          reads.applied(partition, offset);
          resolve();
        };
      }),
  );
  return { finish: () => finish(), done };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('consistent reads of a projection', () => {
  it('answers the offset of the last event applied in each partition', async () => {
    const reads = new ConsistentReads();
    await reads.write(async () => reads.applied(0, 4n));
    await reads.write(async () => reads.applied(0, 7n));
    await reads.write(async () => reads.applied(2, 1n));
    expect(await reads.read(async () => 'state')).toEqual({
      value: 'state',
      through: new Map([
        [0, 7n],
        [2, 1n],
      ]),
    });
  });

  it('waits for the writes under way before reading', async () => {
    const reads = new ConsistentReads();
    const write = pendingWrite(reads, 0, 3n);
    let readAt: bigint | undefined;
    let applied = 2n;
    const read = reads.read(async () => (readAt = applied));
    await tick();
    expect(readAt).toBeUndefined();
    applied = 3n;
    write.finish();
    expect(await read).toEqual({ value: 3n, through: new Map([[0, 3n]]) });
  });

  it('reads again when a write ran during the read, so the answer matches its offsets', async () => {
    const reads = new ConsistentReads();
    let tries = 0;
    let projected = 0;
    const answer = await reads.read(async () => {
      tries++;
      const seen = projected;
      if (tries === 1) await reads.write(async () => reads.applied(0, BigInt(++projected)));
      return seen;
    });
    expect(tries).toBe(2);
    expect(answer).toEqual({ value: 1, through: new Map([[0, 1n]]) });
  });

  it('holds writes back for one read after every try saw a write, and lets them go after it', async () => {
    const reads = new ConsistentReads();
    let tries = 0;
    let held: Promise<void> | undefined;
    const answer = await reads.read(async () => {
      tries++;
      if (tries <= 3) await reads.write(async () => reads.applied(0, BigInt(tries)));
      else held = reads.write(async () => reads.applied(0, 99n));
      await tick();
      return tries;
    });
    expect(answer).toEqual({ value: 4, through: new Map([[0, 3n]]) });
    await held;
    expect((await reads.read(async () => 'after')).through).toEqual(new Map([[0, 99n]]));
  });
});
