import { Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import { EventQueues, QueueWaker } from '@zulip-es/event-queues';
import { GatewayRedis } from '../redis/redis.module';

/** The clients' event queues in Redis, and the channel that wakes their long-polls. */
@Injectable()
export class GatewayQueues implements OnApplicationShutdown {
  readonly queues: EventQueues;
  /** Subscribed to the channel that wakes long-polls: a connection of its own, as Redis requires. */
  readonly waker: QueueWaker;

  constructor({ redis }: GatewayRedis) {
    this.queues = new EventQueues(redis);
    this.waker = new QueueWaker(redis.duplicate());
  }

  onApplicationShutdown(): void {
    this.waker.stop();
  }
}

@Module({ providers: [GatewayQueues], exports: [GatewayQueues] })
export class QueuesModule {}
