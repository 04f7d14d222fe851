import { Injectable, Module } from '@nestjs/common';
import { eventsTopic } from '@zulip-es/contracts';
import { ConsumerLag, ReadinessMetrics } from '@zulip-es/platform';
import { AuthFollower, AuthModule } from '../auth/auth.module';
import { MetricsServer } from './metrics-server';

/** The lag of the gateway's copy of the credentials behind `users.events`. */
@Injectable()
class AuthLag {
  constructor(auth: AuthFollower, lag: ConsumerLag) {
    const { follower } = auth;
    lag.add({ group: follower.name, topics: [eventsTopic('users')], applied: () => follower.appliedPositions() });
  }
}

/** The gateway's metrics: its readiness, the lag of its read model, served on a port of their own. */
@Module({
  imports: [AuthModule],
  providers: [MetricsServer, ReadinessMetrics, AuthLag],
})
export class GatewayMetricsModule {}
