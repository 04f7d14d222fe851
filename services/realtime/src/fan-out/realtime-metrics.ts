import { Injectable } from '@nestjs/common';
import { EventQueues } from '@zulip-es/event-queues';
import { ConsumerLag, Metrics } from '@zulip-es/platform';
import { FanOut } from './fan-out';

/** The fan-out's lag behind the domain-events topics, and the event queues it fills, counted in Redis at each scrape. */
@Injectable()
export class RealtimeMetrics {
  constructor(fanOut: FanOut, queues: EventQueues, metrics: Metrics, lag: ConsumerLag) {
    lag.add(fanOut.lagSource());
    const counts = () => queues.counts().catch(() => undefined);
    metrics.gaugeOnScrape('zulip_event_queues', 'Event queues of clients (POST /register) not expired yet.', [], async () => {
      const counted = await counts();
      return counted ? [[{}, counted.queues]] : [];
    });
    metrics.gaugeOnScrape('zulip_event_queue_users', 'Users holding at least one event queue.', [], async () => {
      const counted = await counts();
      return counted ? [[{}, counted.holders]] : [];
    });
  }
}
