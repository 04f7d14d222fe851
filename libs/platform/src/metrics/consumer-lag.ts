import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type { Admin, Kafka } from 'kafkajs';
import type { Position } from '@zulip-es/contracts';
import { KAFKA } from '../nest/tokens';
import { Metrics } from './metrics';

/**
 * A consumer whose lag the service reports: a group that commits its offsets (the commands
 * processor, the event relays), or a reader that commits nothing and knows what it applied (the
 * read models and the fan-out, whose groups are new at every start).
 */
export type LagSource =
  | { group: string; topics: readonly string[]; committed: true }
  | { group: string; topics: readonly string[]; applied: () => readonly Position[] };

/**
 * `zulip_kafka_consumer_lag{group, topic}`: records in the topic not yet handled by the group,
 * read from Kafka at each scrape through one admin client. A reader that has not handled a
 * partition yet is behind by all of it.
 */
@Injectable()
export class ConsumerLag implements OnApplicationShutdown {
  private readonly sources: LagSource[] = [];
  private admin?: Promise<Admin>;

  constructor(
    @Inject(KAFKA) private readonly kafka: Kafka,
    metrics: Metrics,
  ) {
    // Kafka out of reach: no figures this scrape (the health answer says why), rather than a failed scrape.
    metrics.gaugeOnScrape('zulip_kafka_consumer_lag', 'Records of a topic a consumer group has not handled yet.', ['group', 'topic'], () =>
      this.read().catch(() => []),
    );
  }

  add(source: LagSource): void {
    this.sources.push(source);
  }

  remove(group: string): void {
    const at = this.sources.findIndex((s) => s.group === group);
    if (at >= 0) this.sources.splice(at, 1);
  }

  async onApplicationShutdown(): Promise<void> {
    const admin = this.admin;
    this.admin = undefined;
    await (await admin?.catch(() => undefined))?.disconnect();
  }

  private async read(): Promise<[{ group: string; topic: string }, number][]> {
    if (this.sources.length === 0) return [];
    const admin = await this.connected();
    const ends = new Map<string, Map<number, { low: bigint; high: bigint }>>();
    const endsOf = async (topic: string) => {
      if (!ends.has(topic))
        ends.set(
          topic,
          new Map((await admin.fetchTopicOffsets(topic)).map((p) => [p.partition, { low: BigInt(p.low), high: BigInt(p.high) }])),
        );
      return ends.get(topic)!;
    };
    const values: [{ group: string; topic: string }, number][] = [];
    for (const source of this.sources) {
      const next = await this.nextOffsets(admin, source);
      for (const topic of source.topics) {
        let lag = 0n;
        for (const [partition, { low, high }] of await endsOf(topic)) {
          const from = next.get(`${topic}:${partition}`) ?? low;
          if (high > from) lag += high - from;
        }
        values.push([{ group: source.group, topic }, Number(lag)]);
      }
    }
    return values;
  }

  /** Per `topic:partition`, the next offset the source will handle. */
  private async nextOffsets(admin: Admin, source: LagSource): Promise<Map<string, bigint>> {
    const next = new Map<string, bigint>();
    if ('committed' in source) {
      for (const { topic, partitions } of await admin.fetchOffsets({ groupId: source.group, topics: [...source.topics] }))
        for (const { partition, offset } of partitions) if (offset !== '-1') next.set(`${topic}:${partition}`, BigInt(offset));
    } else {
      for (const { topic, partition, offset } of source.applied()) next.set(`${topic}:${partition}`, BigInt(offset) + 1n);
    }
    return next;
  }

  private connected(): Promise<Admin> {
    this.admin ??= (async () => {
      const admin = this.kafka.admin();
      await admin.connect();
      return admin;
    })();
    // A failed connection is tried again at the next scrape.
    this.admin.catch(() => (this.admin = undefined));
    return this.admin;
  }
}
