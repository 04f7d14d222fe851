import { Injectable } from '@nestjs/common';
import { ServiceReadiness } from '../nest/health/service-readiness';
import { Metrics } from './metrics';

/**
 * What the health answer tells, as gauges: whether the service serves, its read models that do
 * not follow their topics, the events it quarantined, and its own figures (the gateway's held
 * long-polls).
 */
@Injectable()
export class ReadinessMetrics {
  constructor(readiness: ServiceReadiness, metrics: Metrics) {
    metrics.gaugeOnScrape('zulip_ready', '1 once the service serves (caught up, its read models following), 0 before.', [], () => [
      [{}, readiness.ready ? 1 : 0],
    ]);
    metrics.gaugeOnScrape('zulip_stale_read_models', 'Read models that do not follow their topics right now.', [], () => [
      [{}, readiness.staleReadModels().length],
    ]);
    metrics.gaugeOnScrape('zulip_quarantined_events', 'Events the service could not apply and went on without.', [], () => [
      [{}, readiness.details().quarantined_events ?? 0],
    ]);
    metrics.gaugeOnScrape('zulip_long_polls', 'GET /events requests held open, waiting for events.', [], () => {
      const held = readiness.details().long_polls;
      return held === undefined ? [] : [[{}, held]];
    });
  }
}
