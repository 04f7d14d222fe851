import { StackEndpointsSchema } from './stack-endpoints';

describe('the addresses of the infrastructure', () => {
  it('take managed services: mongodb+srv:// and rediss:// (TLS), with credentials', () => {
    const parsed = StackEndpointsSchema.parse({
      MONGO_URL: 'mongodb+srv://zulip:secret@cluster0.example.mongodb.net/zulip?retryWrites=true&w=majority',
      REDIS_URL: 'rediss://default:secret@redis.example.com:6380',
    });
    expect(parsed.MONGO_URL).toMatch(/^mongodb\+srv:\/\//);
    expect(parsed.REDIS_URL).toMatch(/^rediss:\/\//);
  });

  it('refuse other schemes, saying which are taken', () => {
    const result = StackEndpointsSchema.safeParse({ MONGO_URL: 'postgres://x', REDIS_URL: 'http://x' });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['MONGO_URL', 'must start with mongodb:// or mongodb+srv://'],
      ['REDIS_URL', 'must start with redis:// or rediss://'],
    ]);
  });
});
