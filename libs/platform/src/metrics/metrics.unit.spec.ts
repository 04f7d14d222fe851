import { Metrics } from './metrics';

const lines = (text: string, name: string) => text.split('\n').filter((l) => l.startsWith(`${name}{`));

describe('the metrics registry of a service', () => {
  it("labels every figure with the service's name, Node's own included", async () => {
    const { text } = await new Metrics('users').scrape();
    expect(text).toMatch(/^process_cpu_user_seconds_total\{service="users"\} /m);
    expect(text).toMatch(/^nodejs_heap_size_used_bytes\{service="users"\} /m);
  });

  it('reads a gauge of outside state at each scrape, dropping the labels no longer given', async () => {
    const metrics = new Metrics('push');
    let depths: [{ queue: string }, number][] = [
      [{ queue: 'a' }, 3],
      [{ queue: 'b' }, 0],
    ];
    metrics.gaugeOnScrape('test_depth', 'Depth.', ['queue'], () => depths);
    expect(lines((await metrics.scrape()).text, 'test_depth')).toEqual([
      'test_depth{queue="a",service="push"} 3',
      'test_depth{queue="b",service="push"} 0',
    ]);
    depths = [[{ queue: 'b' }, 5]];
    expect(lines((await metrics.scrape()).text, 'test_depth')).toEqual(['test_depth{queue="b",service="push"} 5']);
  });

  it('observes durations in seconds into buckets from 2 ms to 10 s', async () => {
    const metrics = new Metrics('messages');
    metrics.histogram('test_seconds', 'Time.', ['type']).observe({ type: 'message.send' }, 0.03);
    const { text, contentType } = await metrics.scrape();
    expect(contentType).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(text).toContain('test_seconds_bucket{le="0.025",service="messages",type="message.send"} 0');
    expect(text).toContain('test_seconds_bucket{le="0.05",service="messages",type="message.send"} 1');
    expect(text).toContain('test_seconds_count{service="messages",type="message.send"} 1');
  });
});
