import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown, Optional } from '@nestjs/common';
import type { Admin, Kafka } from 'kafkajs';
import type { Connection } from 'mongoose';
import { KAFKA, MONGO_CONNECTION } from '../tokens';
import { DependencyProbe } from './dependency-probe';

/**
 * The dependencies a service's health answer reports: Kafka (the cluster answers its metadata
 * request) and, for a service with a database, the store (it answers `ping`); a service adds its
 * own (Redis, the object store) in `onModuleInit`.
 */
@Injectable()
export class HealthProbes implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly probes: DependencyProbe[] = [];
  private admin?: Admin;

  constructor(@Inject(KAFKA) kafka: Kafka, @Optional() @Inject(MONGO_CONNECTION) db?: Connection) {
    this.add('kafka', async () => {
      if (!this.admin) {
        const admin = kafka.admin();
        await admin.connect();
        this.admin = admin;
      }
      await this.admin.describeCluster();
    });
    if (db) this.add('mongo', () => db.db!.admin().ping());
  }

  add(name: string, check: () => Promise<unknown>): void {
    this.probes.push(new DependencyProbe(name, check));
  }

  get all(): readonly DependencyProbe[] {
    return this.probes;
  }

  /** Changes whenever a probe has checked again: the dependencies' answer may differ only then. */
  get version(): number {
    let checks = this.probes.length;
    for (const probe of this.probes) checks += probe.checks;
    return checks;
  }

  async onApplicationBootstrap(): Promise<void> {
    await Promise.all(this.probes.map((p) => p.start()));
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(this.probes.map((p) => p.stop()));
    await this.admin?.disconnect();
  }
}
