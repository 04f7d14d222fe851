import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import {
  createLogger,
  EventCommandRelay,
  LOGGER,
  RequestClient,
  SERVICE_CONFIG,
  ServiceRuntime,
  type Logger,
  type ServiceParts,
  type Started,
} from '@zulip-es/platform';
import type { UploadsConfig } from '../../config';
import { UPLOADS_DEPS, type UploadsDeps } from '../../shared/uploads-deps';
import { messageClaimsRelay } from './message-claims.relay';

/** Once the service serves, follows the messages events that claim or release uploads, with a reply topic of this instance's own. */
@Injectable()
export class MessageClaimsBackground implements OnModuleInit {
  constructor(
    private readonly runtime: ServiceRuntime,
    @Inject(UPLOADS_DEPS) private readonly deps: UploadsDeps,
    @Inject(SERVICE_CONFIG) private readonly config: UploadsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onModuleInit(): void {
    this.runtime.onceServing((parts) => this.start(parts));
  }

  private async start(parts: ServiceParts): Promise<Started> {
    const { config, deps, logger } = this;
    const client = new RequestClient(parts.kafka, `uploads-${config.INSTANCE_ID}`, createLogger('uploads-relay', config.LOG_LEVEL), {
      replyWaitMs: 500,
    });
    await client.start();
    const relay = new EventCommandRelay(parts.kafka, client, messageClaimsRelay(deps.repo, deps.claiming), logger);
    await relay.start();
    parts.lag.add(relay.lagSource());
    return {
      async stop() {
        parts.lag.remove(relay.lagSource().group);
        await relay.stop();
        await client.stop();
      },
    };
  }
}
