import { OneAtATime } from './one-at-a-time';

const tick = () => new Promise((r) => setTimeout(r, 1));

describe('running work one at a time per key', () => {
  it('starts work for a key only once the previous one settled, failed or not, and runs other keys alongside', async () => {
    const serial = new OneAtATime();
    const log: string[] = [];
    const step =
      (name: string, fail = false) =>
      async () => {
        log.push(`start ${name}`);
        await tick();
        log.push(`end ${name}`);
        if (fail) throw new Error(name);
        return name;
      };
    const results = await Promise.allSettled([serial.run('a', step('a1', true)), serial.run('a', step('a2')), serial.run('b', step('b1'))]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled', 'fulfilled']);
    expect(log.indexOf('start a2')).toBeGreaterThan(log.indexOf('end a1'));
    expect(log.indexOf('start b1')).toBeLessThan(log.indexOf('end a1'));
  });
});
