import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { HealthProbes } from '@zulip-es/platform';
import { REALTIME_REDIS } from './fan-out/realtime-runtime';

/** Redis, where the users' event queues are, in the realtime service's health answer. */
@Injectable()
export class RealtimeProbes implements OnModuleInit {
  constructor(
    private readonly probes: HealthProbes,
    @Inject(REALTIME_REDIS) private readonly redis: Redis,
  ) {}

  onModuleInit(): void {
    this.probes.add('redis', () => this.redis.ping());
  }
}
