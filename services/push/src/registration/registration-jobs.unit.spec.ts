import { attemptsWithin, retryDelayMs } from './registration-jobs';

describe('retrying a registration the bouncer did not answer', () => {
  it('waits a second, then twice as long each time, at most five minutes', () => {
    expect([1, 2, 3, 4, 9, 10, 30].map(retryDelayMs)).toEqual([1_000, 2_000, 4_000, 8_000, 256_000, 300_000, 300_000]);
  });

  it('tries for as long as it is told (a day by default)', () => {
    const day = 24 * 60 * 60 * 1000;
    const attempts = attemptsWithin(day);
    const waits = Array.from({ length: attempts - 1 }, (_, i) => retryDelayMs(i + 1)).reduce((a, b) => a + b, 0);
    expect(waits).toBeGreaterThanOrEqual(day);
    expect(waits - retryDelayMs(attempts - 1)).toBeLessThan(day);
  });
});
