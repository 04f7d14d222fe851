import type { Kafka } from 'kafkajs';
import { HealthProbes } from './health-probes';

const kafkaAnswering = (): Kafka =>
  ({ admin: () => ({ connect: async () => {}, describeCluster: async () => ({}), disconnect: async () => {} }) }) as unknown as Kafka;

describe('the version of the health probes, which says when the dependencies answer may have changed', () => {
  it('stays the same between checks, and changes once a probe has checked again or a probe is added', async () => {
    const probes = new HealthProbes(kafkaAnswering());
    let redisUp = true;
    probes.add('redis', async () => {
      if (!redisUp) throw new Error('Connection is closed.');
    });
    await probes.onApplicationBootstrap();
    try {
      const started = probes.version;
      expect(probes.version).toBe(started);
      redisUp = false;
      await (probes.all[1] as unknown as { probe(): Promise<void> }).probe();
      expect(probes.version).toBe(started + 1);
      probes.add('minio', async () => {});
      expect(probes.version).toBe(started + 2);
    } finally {
      await probes.onApplicationShutdown();
    }
  });
});
