import type { Kafka } from 'kafkajs';
import type { Position } from '@zulip-es/contracts';
import type { Logger } from '../logging/logger';
import type { ReadModel } from '../runtime/read-model';
import { TopicFollower, type FollowedMessage } from './topic-follower';

/** How long a catch-up may take once the model is running (it follows the topics live). */
const CATCH_UP_TIMEOUT_MS = 30_000;

/**
 * A ReadModel fed by a TopicFollower reading its topics from the beginning: `handle` sees every
 * record once, in offset order per partition. Once started, `catchUp` waits until the follower
 * has applied everything up to the topics' end offsets as they are at the call.
 */
export class FollowedReadModel implements ReadModel {
  private readonly follower: TopicFollower;
  private started?: Promise<void>;

  constructor(
    private readonly kafka: Kafka,
    private readonly options: { name: string; topics: string[] },
    handle: (batch: FollowedMessage[]) => Promise<void>,
    logger: Logger,
  ) {
    this.follower = new TopicFollower(kafka, options, handle, logger);
  }

  async catchUp(): Promise<void> {
    if (!this.started) {
      // TopicFollower.start resolves once it has read up to the end as it was at start.
      this.started = this.follower.start();
      return this.started;
    }
    await this.started;
    const end = await this.endPositions();
    if (!(await this.follower.waitFor(end, CATCH_UP_TIMEOUT_MS))) {
      throw new Error(`read model ${this.options.name} did not reach the end of ${this.options.topics.join(', ')} within ${CATCH_UP_TIMEOUT_MS} ms`);
    }
  }

  waitFor(positions: Position[], timeoutMs: number): Promise<boolean> {
    return this.follower.waitFor(positions, timeoutMs);
  }

  stop(): Promise<void> {
    return this.follower.stop();
  }

  /** The last record of every non-empty partition of the topics, now. */
  private async endPositions(): Promise<Position[]> {
    const admin = this.kafka.admin();
    await admin.connect();
    try {
      const positions: Position[] = [];
      for (const topic of this.options.topics) {
        for (const { partition, high } of await admin.fetchTopicOffsets(topic)) {
          if (BigInt(high) > 0n) positions.push({ topic, partition, offset: (BigInt(high) - 1n).toString() });
        }
      }
      return positions;
    } finally {
      await admin.disconnect();
    }
  }
}
