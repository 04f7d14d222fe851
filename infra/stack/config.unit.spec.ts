import { redisMaxmemory } from './config';

describe('REDIS_MAXMEMORY', () => {
  it('defaults to 512mb and takes Redis’s own units', () => {
    expect(redisMaxmemory({})).toBe('512mb');
    expect(redisMaxmemory({ REDIS_MAXMEMORY: ' 2GB ' })).toBe('2gb');
  });

  it.each(['', '0mb', '512', 'lots', '-1gb'])('refuses %j', (value) => {
    expect(() => redisMaxmemory({ REDIS_MAXMEMORY: value })).toThrow(/REDIS_MAXMEMORY must be a size/);
  });
});
