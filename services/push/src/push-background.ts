import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { LOGGER, ServiceRuntime, SERVICE_CONFIG, startEventRelays, type Logger, type ServiceParts, type Started } from '@zulip-es/platform';
import { startBouncer } from './bouncer/start-bouncer';
import type { PushConfig } from './config';
import { userDeactivatedRelay } from './devices/remove-user-devices/user-deactivated.relay';
import { messageSentRelay } from './notifications/notify-message/message-sent.relay';
import { PUSH_DEPS, type PushDeps } from './shared/push-deps';

/**
 * The push service's work beside its commands and queue workers, once it serves: the bouncer of
 * this deployment (`PUSH_BOUNCER_KEYS`) and the relays that turn other services' events into
 * push commands.
 */
@Injectable()
export class PushBackground implements OnModuleInit {
  constructor(
    private readonly runtime: ServiceRuntime,
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
    // Messages are notified of only where there is a bouncer to push them through.
    if (deps.bouncer) relays.push(messageSentRelay);
    work.push(
      await startEventRelays(
        parts.kafka,
        { service: 'push', instanceId: config.INSTANCE_ID, logLevel: config.LOG_LEVEL },
        relays,
        logger,
        parts.lag,
      ),
    );
    return {
      async stop() {
        for (const w of work.reverse()) await w.stop();
      },
    };
  }
}
