import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { LOGGER, ServiceRuntime, SERVICE_CONFIG, startEventRelays, type Logger, type ServiceParts, type Started } from '@zulip-es/platform';
import { startBouncer } from './bouncer/start-bouncer';
import type { PushConfig } from './config';
import { userDeactivatedRelay } from './devices/remove-user-devices/user-deactivated.relay';
import { startNotificationWorker } from './notifications/notification-jobs';
import { messageSentRelay } from './notifications/notify-message/message-sent.relay';
import { PushQueues } from './projection/push-queues';
import { startRegistrationWorker } from './registration/registration-jobs';
import { PUSH_DEPS, type PushDeps } from './shared/push-deps';

/**
 * The push service's work beside its commands, once it serves: the bouncer of this deployment
 * (`PUSH_BOUNCER_KEYS`), the registration and notification workers where there is a bouncer to
 * push through, and the relays that turn other services' events into push commands.
 */
@Injectable()
export class PushBackground implements OnModuleInit {
  constructor(
    private readonly runtime: ServiceRuntime,
    private readonly queues: PushQueues,
    @Inject(PUSH_DEPS) private readonly deps: PushDeps,
    @Inject(SERVICE_CONFIG) private readonly config: PushConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onModuleInit(): void {
    this.runtime.onceServing((parts) => this.start(parts));
  }

  private async start(parts: ServiceParts): Promise<Started> {
    const { config, logger, deps } = this;
    const work: Started[] = [];
    const bouncer = await startBouncer(config, logger);
    if (bouncer) work.push(bouncer);
    const relays = [userDeactivatedRelay];
    if (config.PUSH_BOUNCER_URL && deps.bouncer && deps.removals) {
      const connection = this.queues.connection();
      const bouncerConfig = { ...config, PUSH_BOUNCER_URL: config.PUSH_BOUNCER_URL };
      work.push(
        await startRegistrationWorker(
          parts.kafka,
          { connection, bouncer: bouncerConfig, instanceId: config.INSTANCE_ID, logLevel: config.LOG_LEVEL },
          logger,
        ),
      );
      work.push(startNotificationWorker({ ...deps, bouncer: deps.bouncer, removals: deps.removals }, { connection }, logger));
      // Messages are notified of only where there is a bouncer to push them through.
      relays.push(messageSentRelay);
    }
    work.push(
      await startEventRelays(parts.kafka, { service: 'push', instanceId: config.INSTANCE_ID, logLevel: config.LOG_LEVEL }, relays, logger),
    );
    return {
      async stop() {
        for (const w of work.reverse()) await w.stop();
      },
    };
  }
}
