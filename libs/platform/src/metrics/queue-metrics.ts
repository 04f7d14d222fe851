import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { Metrics } from './metrics';

/** A BullMQ queue as far as its figures go (duck-typed: this library does not depend on BullMQ). */
interface CountedQueue {
  name: string;
  getJobCounts(...states: string[]): Promise<Record<string, number>>;
}

const STATES = ['waiting', 'active', 'delayed', 'failed', 'paused'] as const;

const isQueue = (value: unknown): value is CountedQueue =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as CountedQueue).getJobCounts === 'function' &&
  typeof (value as CountedQueue).name === 'string';

/**
 * `zulip_queue_jobs{queue, state}`: the jobs of every BullMQ queue the service's modules
 * registered (waiting, active, delayed, failed, paused), counted in Redis at each scrape.
 */
@Injectable()
export class QueueMetrics implements OnApplicationBootstrap {
  private queues: CountedQueue[] = [];

  constructor(
    private readonly discovery: DiscoveryService,
    metrics: Metrics,
  ) {
    metrics.gaugeOnScrape('zulip_queue_jobs', 'Jobs of a BullMQ queue, by state.', ['queue', 'state'], () => this.read());
  }

  onApplicationBootstrap(): void {
    const found = this.discovery.getProviders().map((wrapper) => wrapper.instance as unknown);
    this.queues = [...new Set(found.filter(isQueue))];
  }

  private async read(): Promise<[{ queue: string; state: string }, number][]> {
    const counted = await Promise.all(
      this.queues.map(async (queue) => ({ queue, counts: await queue.getJobCounts(...STATES).catch(() => undefined) })),
    );
    return counted.flatMap(({ queue, counts }) =>
      counts ? STATES.map((state): [{ queue: string; state: string }, number] => [{ queue: queue.name, state }, counts[state] ?? 0]) : [],
    );
  }
}
