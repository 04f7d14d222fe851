import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Admin, Kafka } from 'kafkajs';
import { KAFKA } from '../tokens';
import { DependencyProbe } from './dependency-probe';

/**
 * The dependencies the health answer of a service without a store reports: Kafka (the cluster
 * answers its metadata request), and what the service adds in `onModuleInit` (Redis).
 */
@Injectable()
export class StreamHealthProbes implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly probes: DependencyProbe[] = [];
  private admin?: Admin;

  constructor(@Inject(KAFKA) kafka: Kafka) {
    this.add('kafka', async () => {
      if (!this.admin) {
        const admin = kafka.admin();
        await admin.connect();
        this.admin = admin;
      }
      await this.admin.describeCluster();
    });
  }

  add(name: string, check: () => Promise<unknown>): void {
    this.probes.push(new DependencyProbe(name, check));
  }

  get all(): readonly DependencyProbe[] {
    return this.probes;
  }

  async onApplicationBootstrap(): Promise<void> {
    await Promise.all(this.probes.map((p) => p.start()));
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(this.probes.map((p) => p.stop()));
    await this.admin?.disconnect();
  }
}
